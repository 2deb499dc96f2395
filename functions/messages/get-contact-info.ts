import { type Handler, ok } from '../lib/http';
import * as messages from './messages';

/** GET /api/contact-info (public) → {data: contactInfo} from the platform's settings; not set → 503. */
export const getContactInfo: Handler<'GET /api/contact-info'> = async () => ok({ data: messages.contactDetails() });
