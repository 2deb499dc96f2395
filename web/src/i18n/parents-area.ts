/**
 * The parents' texts (issue 43: the invite on /profile, the parent's sign-up, /parent, a student's
 * parents on the teacher's student page): they join the dictionaries when the first of those screens
 * loads. Each of those screens imports this module.
 */
import { arParents } from './ar/parents';
import { enParents } from './en/parents';
import { addArea } from './use-t';

addArea({ en: enParents, ar: arParents });
