import type { MessageKey, Translate } from '@/i18n/use-t';
import type { ApiFailure } from '@/lib/api';
import { messageOf } from '@/lib/messages';

/**
 * What a screen says when its data did not load: the server's reason, unless the client's own
 * error path already told the user (session expired, blocked) — then only the screen's text.
 */
export const failureText = (error: unknown, t: Translate, fallbackKey: MessageKey) => ((error as ApiFailure | undefined)?.handled ? t(fallbackKey) : messageOf(error, t, fallbackKey));
