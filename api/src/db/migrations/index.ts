import { CountedFiguresIndex1795755807005 } from './1795755807005-CountedFiguresIndex';
import { ConsoleReadIndexes1795755900000 } from './1795755900000-ConsoleReadIndexes';
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
import { Initial1795281215891 } from './1795281215891-Initial';
import { SupportersByCampaign1795282398820 } from './1795282398820-SupportersByCampaign';

/** Every migration, oldest first. New ones come from api/scripts/generate-migration.ts. */
export const migrations = [Initial1795281215891, SupportersByCampaign1795282398820, LettersByCampaign1795294040920, MailOutbox1795508373699, Deliveries1795508418307, DeliveriesOutbox1795510669075, ConfirmedSupporters1795529865918, PrivacyAndAudit1795540669931, FloodsAndQuarantine1795541759365, RecentSupporters1795554252381, AdminRoles1795555110977, CampaignLanguage1795561995525, GeneralPointLanguage1795563245323, CountedFiguresIndex1795755807005, ConsoleReadIndexes1795755900000];
