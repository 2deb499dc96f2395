/**
 * The notifications list's and settings' texts: they join the dictionaries when the bell's list
 * opens (it loads lazily) or /profile loads, so a page's first load does not carry them.
 */
import { arNotifications } from './ar/notifications';
import { enNotifications } from './en/notifications';
import { addArea } from './use-t';

addArea({ en: enNotifications, ar: arNotifications });
