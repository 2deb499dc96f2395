import { created, type Handler } from '../lib/http';
import * as parents from './parents';

/** POST /api/parent/children {code} → 201 {data: child}; 400 parent.codeInvalid, 409 parent.alreadyLinked / parent.tooMany. */
export const addChild: Handler<'POST /api/parent/children'> = async ({ auth, body }) => created({ data: await parents.addChild(auth.userId, body.code) });
