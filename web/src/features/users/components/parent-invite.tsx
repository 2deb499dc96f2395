import { toastSuccess } from '@/components/toast';
import { useLanguage, useT } from '@/i18n/use-t';
import '@/i18n/parents-area';
import type { ApiFailure } from '@/lib/api';
import { errorCodeOf, messageOf } from '@/lib/messages';
import { parentCodeText, parentSignUpLink } from '@/lib/parent-code';
import { useCreateParentInviteMutation } from '../api/create-parent-invite';
import { dateTimeText } from '../lib/format';

/**
 * Issue 43 on /profile: "Invite a parent" — a code for the parent's sign-up (XXXX-XXXX, 7 days,
 * once), sent on WhatsApp with the sign-up link that carries it (written in the student's
 * language), or the link copied.
 */
export function ParentInvite() {
  const t = useT();
  const language = useLanguage();
  const [create, { data: invite, error, isLoading }] = useCreateParentInviteMutation();
  const link = invite ? parentSignUpLink(window.location.origin, invite.code) : '';
  const message = invite ? t('parentInvite.message', { code: parentCodeText(invite.code), link }) : '';
  const failure = error && !(error as ApiFailure).handled ? (errorCodeOf(error) === 'parent.tooMany' ? t('parentInvite.tooMany') : messageOf(error, t, 'parentInvite.failed')) : null;

  async function copy() {
    await navigator.clipboard.writeText(link);
    void toastSuccess(t('parentInvite.copied'));
  }

  return (
    <section className="people-card parent-invite" data-testid="parent-invite" aria-labelledby="parent-invite-title">
      <h2 id="parent-invite-title">{t('parentInvite.title')}</h2>
      <p className="muted">{t('parentInvite.intro')}</p>
      {invite && !failure && (
        <div className="parent-invite-code">
          <strong dir="ltr" data-testid="parent-code">
            {parentCodeText(invite.code)}
          </strong>
          <span className="muted">{t('parentInvite.expires', { date: dateTimeText(invite.expiresAt, language) })}</span>
        </div>
      )}
      {failure && (
        <p className="field-error" role="alert" dir="auto">
          {failure}
        </p>
      )}
      <div className="card-actions">
        {invite && !failure ? (
          <>
            <a className="button button-primary whatsapp-share" href={`https://wa.me/?text=${encodeURIComponent(message)}`} target="_blank" rel="noopener noreferrer">
              {t('parentInvite.whatsApp')}
            </a>
            <button type="button" className="button button-ghost" onClick={() => void copy()}>
              {t('parentInvite.copy')}
            </button>
            <button type="button" className="button button-ghost" disabled={isLoading} onClick={() => void create()}>
              {t('parentInvite.again')}
            </button>
          </>
        ) : (
          <button type="button" className="button button-primary" disabled={isLoading} onClick={() => void create()}>
            {t('parentInvite.create')}
          </button>
        )}
      </div>
    </section>
  );
}
