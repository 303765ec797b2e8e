import { SearchByAddressOrder1795780000002 } from './1795780000002-SearchByAddressOrder';
import { Tallies1795780000001 } from './1795780000001-Tallies';
import { SupporterMailKey1795765437635 } from './1795765437635-SupporterMailKey';
import { SupporterMailLinks1795760747197 } from './1795760747197-SupporterMailLinks';
import { ReMailPendingAfterLinks1795760747198 } from './1795760747198-ReMailPendingAfterLinks';
import { ConsoleReadIndexes1795770000002 } from './1795770000002-ConsoleReadIndexes';
import { CountedFiguresIndex1795770000001 } from './1795770000001-CountedFiguresIndex';
import { DeliveriesByLetter1795758711053 } from './1795758711053-DeliveriesByLetter';
import { AuditLogNoOverwrite1795755890189 } from './1795755890189-AuditLogNoOverwrite';
import { OldDefaultColours1795755882622 } from './1795755882622-OldDefaultColours';
import { AccessibleDefaultColours1795755882621 } from './1795755882621-AccessibleDefaultColours';
import { LetterEmailKey1795755864930 } from './1795755864930-LetterEmailKey';
import { AdminEmailKey1795755669710 } from './1795755669710-AdminEmailKey';
import { GeneralPointLanguage1795563245323 } from './1795563245323-GeneralPointLanguage';
import { CampaignLanguage1795561995525 } from './1795561995525-CampaignLanguage';
import { AdminRoles1795555110977 } from './1795555110977-AdminRoles';
import { RecentSupporters1795554252381 } from './1795554252381-RecentSupporters';
import { FloodsAndQuarantine1795541759365 } from './1795541759365-FloodsAndQuarantine';
import { PrivacyAndAudit1795540669931 } from './1795540669931-PrivacyAndAudit';
import { ConfirmedSupporters1795529865918 } from './1795529865918-ConfirmedSupporters';
import { DeliveriesOutbox1795510669075 } from './1795510669075-DeliveriesOutbox';
import { Deliveries1795508418307 } from './1795508418307-Deliveries';
import { MailOutbox1795508373699 } from './1795508373699-MailOutbox';
import { LettersByCampaign1795294040920 } from './1795294040920-LettersByCampaign';
import { SupportersByCampaign1795282398820 } from './1795282398820-SupportersByCampaign';
import { Initial1795281215891 } from './1795281215891-Initial';

/** Every migration, oldest first. New ones come from api/scripts/generate-migration.ts. */
export const migrations = [Initial1795281215891, SupportersByCampaign1795282398820, LettersByCampaign1795294040920, MailOutbox1795508373699, Deliveries1795508418307, DeliveriesOutbox1795510669075, ConfirmedSupporters1795529865918, PrivacyAndAudit1795540669931, FloodsAndQuarantine1795541759365, RecentSupporters1795554252381, AdminRoles1795555110977, CampaignLanguage1795561995525, GeneralPointLanguage1795563245323, AdminEmailKey1795755669710, LetterEmailKey1795755864930, AccessibleDefaultColours1795755882621, OldDefaultColours1795755882622, AuditLogNoOverwrite1795755890189, DeliveriesByLetter1795758711053, SupporterMailLinks1795760747197, ReMailPendingAfterLinks1795760747198, SupporterMailKey1795765437635, CountedFiguresIndex1795770000001, ConsoleReadIndexes1795770000002, Tallies1795780000001, SearchByAddressOrder1795780000002];
