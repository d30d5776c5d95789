// The page's own chrome, wired once scripts run: the folding contents, the
// contents following the section being read, search (its index loads only
// when opened), the offline copy's service worker and the landing page's
// storage panel, the language switch.
import { installContentsMenu } from './contents-menu';
import { installScrollSpy } from './scroll-spy';
import { installSearch } from '../search';
import { installOffline } from '../offline/register';
import { wireStoragePanel } from '../offline/storage-panel';
import { installLangSwitch } from '../i18n/lang-switch';
import '../offline/offline.css';
import '../i18n/lang-switch.css';

export function installPageChrome(doc: Document): void {
  installContentsMenu(doc);
  installScrollSpy(doc);
  installSearch(doc);
  installOffline(doc);
  wireStoragePanel(doc);
  installLangSwitch(doc);
}
