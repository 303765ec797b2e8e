import { isUnder } from '../../../lib/route-match';
import type { IconName } from './nav-icons';

export interface NavItem {
  label: string;
  to: string;
  icon: IconName;
  /** Other paths that count as this entry (Campaigns also covers /admin/campaigns/*). */
  activeUnder: string[];
  exact?: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', to: '/admin', icon: 'dashboard', activeUnder: ['/admin'], exact: true },
  { label: 'Campaigns', to: '/admin/causes', icon: 'campaigns', activeUnder: ['/admin/causes', '/admin/campaigns'] },
  { label: 'Supporters', to: '/admin/supporters', icon: 'supporters', activeUnder: ['/admin/supporters'] },
  { label: 'Letters', to: '/admin/letters', icon: 'letters', activeUnder: ['/admin/letters'] },
  { label: 'Districts', to: '/admin/districts', icon: 'districts', activeUnder: ['/admin/districts'] },
  { label: 'Message Points', to: '/admin/message-points', icon: 'points', activeUnder: ['/admin/message-points'] },
  { label: 'Audit Log', to: '/admin/audit-log', icon: 'audit', activeUnder: ['/admin/audit-log'] },
  { label: 'Settings', to: '/admin/settings', icon: 'settings', activeUnder: ['/admin/settings'] },
  { label: 'Admins', to: '/admin/admins', icon: 'admins', activeUnder: ['/admin/admins'] },
  { label: 'Erase a Supporter', to: '/admin/erasure', icon: 'erase', activeUnder: ['/admin/erasure'] },
];

/** Whether the entry is the current page: Dashboard only on /admin itself, the others for their subtree too. */
export function isActive(item: NavItem, pathname: string): boolean {
  const clean = pathname.replace(/\/+$/, '') || '/';
  return item.exact ? item.activeUnder.includes(clean) : item.activeUnder.some((base) => isUnder(base, clean));
}
