import { useEffect, useRef } from 'react';
import { useLanguage, useT } from '@/i18n/use-t';
import { useListMyMessagesQuery } from '../api/list-my-messages';
import { useMarkRepliesReadMutation } from '../api/mark-replies-read';

/** /contact under the form: the student's messages with the teacher's replies; opening it marks the replies seen. */
export function MyMessages() {
  const t = useT();
  const language = useLanguage();
  const messages = useListMyMessagesQuery();
  const [markRead] = useMarkRepliesReadMutation();
  const marked = useRef(false);
  useEffect(() => {
    if (messages.isSuccess && !marked.current && messages.data.unread > 0) {
      marked.current = true;
      void markRead();
    }
  }, [messages.isSuccess, messages.data, markRead]);
  if (!messages.data?.data.length) return null;
  const dateOf = (iso: string) => new Date(iso).toLocaleString(language === 'ar' ? 'ar-EG' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className="my-messages msg-card" aria-labelledby="my-messages-title">
      <h2 id="my-messages-title">{t('contact.myMessages')}</h2>
      <ul className="inbox-list">
        {messages.data.data.map((m) => (
          <li key={m.id} className="my-message" data-testid="my-message">
            <div className="inbox-meta">
              <strong className="inbox-subject" dir="auto">
                {m.subject}
              </strong>
              <time className="muted" dateTime={m.createdAt}>
                {dateOf(m.createdAt)}
              </time>
            </div>
            <p className="inbox-message" dir="auto">
              {m.message}
            </p>
            {m.replies.length ? (
              <ul className="msg-replies" aria-label={t('contact.replies')}>
                {m.replies.map((r) => (
                  <li key={r.createdAt} className="msg-reply" data-testid="my-message-reply">
                    <span className="msg-reply-from">{t('contact.teacherReplied')}</span>
                    <p dir="auto">{r.text}</p>
                    <time className="muted" dateTime={r.createdAt}>
                      {dateOf(r.createdAt)}
                    </time>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">{t('contact.noReplyYet')}</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
