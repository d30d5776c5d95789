// The page's own chrome, wired once scripts run: the folding contents and
// the contents following the section being read.
import { installContentsMenu } from './contents-menu';
import { installScrollSpy } from './scroll-spy';

export function installPageChrome(doc: Document): void {
  installContentsMenu(doc);
  installScrollSpy(doc);
}
