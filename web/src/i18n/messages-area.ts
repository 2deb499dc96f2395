/**
 * The contact and inbox screens' texts: they join the dictionaries when the first of those screens
 * loads (or the admin menu's badge), so the first load does not carry them.
 */
import { arMessages } from './ar/messages';
import { enMessages } from './en/messages';
import { addArea } from './use-t';

addArea({ en: enMessages, ar: arMessages });
