import { TextAreaField } from '@aws-amplify/ui-react';
import '@aws-amplify/ui-react/styles/textAreaField.layer.css';
import '@aws-amplify/ui-react/styles/textArea.layer.css';
import { contactBody } from '@shared/schemas/people';
import { SubmitButton } from '@/components/button';
import { TextField } from '@/components/fields';
import { toastError, toastSuccess } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import '@/i18n/messages-area';
import type { ApiFailure } from '@/lib/api';
import { setServerErrors, useZodForm } from '@/lib/forms';
import { messageOf } from '@/lib/messages';
import { useSendMessageMutation } from '../api/send-message';
import { ContactCard } from '../components/contact-card';
import { MyMessages } from '../components/my-messages';
import '../components/messages.css';
import { usePageTitle } from '@/lib/page-title';

const EMPTY = { subject: '', message: '' };

/**
 * Spec 2, 5, 8: /contact — 'Leave Us Message' with subject (labelled Name) and message, both
 * required (shared contactBody); 'send message successfully', else the server's message or
 * 'somthing went wrong'. A blocked student's 403 is told and logged out by the API client
 * (app/session-flows.ts) before this screen sees it. Beside it the chat link and the teacher's card.
 */
export default function ContactRoute() {
  const t = useT();
  const [send, { isLoading }] = useSendMessageMutation();
  const { register, handleSubmit, setError, reset, formState } = useZodForm(contactBody, { defaultValues: EMPTY });
  const { errors } = formState;

  usePageTitle(t('title.contact'));

  const onSubmit = handleSubmit(async (body) => {
    const result = await send(body);
    if ('error' in result) {
      if ((result.error as ApiFailure).handled) return;
      setServerErrors(result.error, setError, t, { fields: ['subject', 'message'] });
      void toastError(messageOf(result.error, t, 'contact.failed'));
      return;
    }
    reset(EMPTY);
    void toastSuccess(t('contact.sent'));
  });

  return (
    <section className="page contact-page">
      <div className="contact-grid">
        <form className="contact-form msg-card" onSubmit={onSubmit} noValidate aria-labelledby="contact-title">
          <h1 id="contact-title">{t('contact.title')}</h1>
          <TextField label={t('contact.subject')} dir="auto" autoComplete="off" error={errors.subject?.message} {...register('subject')} />
          <TextAreaField
            className="field"
            label={t('contact.message')}
            dir="auto"
            rows={6}
            hasError={!!errors.message}
            errorMessage={
              errors.message ? (
                <span role="alert" dir="auto">
                  {errors.message.message}
                </span>
              ) : undefined
            }
            {...register('message')}
          />
          <SubmitButton loading={isLoading}>{t('contact.send')}</SubmitButton>
        </form>
        <ContactCard />
      </div>
      <MyMessages />
    </section>
  );
}
