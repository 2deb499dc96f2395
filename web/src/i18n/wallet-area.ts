/**
 * The wallet's and recharge codes' texts (/profile/wallet, /pay's balance choice, the teacher's
 * codes and printed sheet, a student's wallet, the sales page's codes): they join the dictionaries
 * when the first of those screens loads. Each of those screens imports this module.
 */
import { arWallet } from './ar/wallet';
import { enWallet } from './en/wallet';
import { addArea } from './use-t';

addArea({ en: enWallet, ar: arWallet });
