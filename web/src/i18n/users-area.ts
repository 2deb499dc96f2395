/**
 * The people screens' texts (my account, editing it, the teacher's users, a student's page): they
 * join the dictionaries when the first of those screens loads, so the first load does not carry
 * them. Each of those screens imports this module.
 */
import { arUsers } from './ar/users';
import { enUsers } from './en/users';
import { addArea } from './use-t';

addArea({ en: enUsers, ar: arUsers });
