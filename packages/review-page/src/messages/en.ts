import { asMessages } from './catalog.ts';
import english from './en.json';

/** Spec section 2 (/review/{code}) and section 8, verbatim; and the few texts of our own. */
export const messages = asMessages(english);
