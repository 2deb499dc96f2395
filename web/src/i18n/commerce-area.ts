/**
 * The commerce screens' texts (coupons, /pay, /temp, /fail, my lectures, sales), about 5 KB
 * gzipped in both languages: they join the dictionaries when the first of those screens loads,
 * so the first load does not carry them. Each of those screens imports this module.
 */
import { arCommerce } from './ar/commerce';
import { enCommerce } from './en/commerce';
import { addArea } from './use-t';

addArea({ en: enCommerce, ar: arCommerce });
