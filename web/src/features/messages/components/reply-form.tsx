import { TextAreaField } from '@aws-amplify/ui-react';
import '@aws-amplify/ui-react/styles/textAreaField.layer.css';
import '@aws-amplify/ui-react/styles/textArea.layer.css';
import { useState } from 'react';
import { replyBody } from '@shared/schemas/people';
import { SubmitButton } from '@/components/button';
import { toastError, toastSuccess } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import type { ApiFailure } from '@/lib/api';
import { setServerErrors, useZodForm } from '@/lib/forms';
import { messageOf } from '@/lib/messages';
import { useAddReplyMutation } from '../api/add-reply';

/** The inbox's "Reply" under a message: a text the student reads on /contact. */
export function ReplyForm({ messageId }: { messageId: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [addReply, { isLoading }] = useAddReplyMutation();
  const { register, handleSubmit, setError, reset, formState } = useZodForm(replyBody, { defaultValues: { text: '' } });
  const onSubmit = handleSubmit(async ({ text }) => {
    const result = await addReply({ id: messageId, text });
    if ('error' in result) {
      if ((result.error as ApiFailure).handled) return;
      setServerErrors(result.error, setError, t, { fields: ['text'] });
      void toastError(messageOf(result.error, t, 'inbox.replyFailed'));
      return;
    }
    reset({ text: '' });
    setOpen(false);
    void toastSuccess(t('inbox.replied'));
  });
  if (!open)
    return (
      <button type="button" className="button button-ghost inbox-reply-open" onClick={() => setOpen(true)}>
        {t('inbox.reply')}
      </button>
    );
  const error = formState.errors.text?.message;
  return (
    <form className="inbox-reply" onSubmit={onSubmit} noValidate>
      <TextAreaField
        className="field"
        label={t('inbox.replyLabel')}
        dir="auto"
        rows={3}
        hasError={!!error}
        errorMessage={error ? <span role="alert">{error}</span> : undefined}
        {...register('text')}
      />
      <div className="inbox-reply-actions">
        <SubmitButton loading={isLoading}>{t('inbox.sendReply')}</SubmitButton>
        <button type="button" className="button button-ghost" onClick={() => setOpen(false)}>
          {t('inbox.deleteNo')}
        </button>
      </div>
    </form>
  );
}
