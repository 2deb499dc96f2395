import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { updateProfileBody } from '@shared/schemas/people';
import { SubmitButton } from '@/components/button';
import { PasswordField, TextField } from '@/components/fields';
import { PasswordRules } from '@/components/password-rules';
import { Spinner } from '@/components/spinner';
import { toast, toastSuccess } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import '@/i18n/users-area';
import type { ApiFailure } from '@/lib/api';
import { registerPasswordPair, setServerErrors, useZodForm } from '@/lib/forms';
import { messageOf } from '@/lib/messages';
import { useGetProfileQuery } from '../api/get-profile';
import { useUpdateProfileMutation } from '../api/update-profile';
import '../components/users.css';
import { usePageTitle } from '@/lib/page-title';

const EMPTY = { firstName: '', lastName: '', Password: '', newPassword: '', confirmNPassword: '' };
const FIELDS = Object.keys(EMPTY) as (keyof typeof EMPTY)[];

/**
 * Spec 2, 5: /profile/edit — first and last name (filled in from my account), current password,
 * new password and its confirmation. The shared updateProfileBody: the names are required; the
 * three password fields go together (all empty changes the names only — the hint says so; any one
 * filled asks for all three), the new one under the sign-up rules with their live list.
 * Spec 8: 'تم التحديث بنجاح' / 'لم يتم تحديث البيانات'; a wrong current password shows on its field;
 * after a password change the student is told the other devices are signed out.
 */
export default function ProfileEditRoute() {
  const t = useT();
  const profile = useGetProfileQuery();
  const [update, { isLoading }] = useUpdateProfileMutation();
  const form = useZodForm(updateProfileBody, { defaultValues: EMPTY });
  const { register, handleSubmit, watch, setError, reset, formState } = form;
  const { errors } = formState;
  const pair = registerPasswordPair(form, 'newPassword', 'confirmNPassword');
  const newPassword = String(watch('newPassword') ?? '');
  const filled = useRef(false);

  usePageTitle(t('title.editProfile'));
  // The names start as they are (once; a refetch does not overwrite what is being typed).
  useEffect(() => {
    if (profile.data && !filled.current) {
      filled.current = true;
      reset({ ...EMPTY, firstName: profile.data.firstName, lastName: profile.data.lastName });
    }
  }, [profile.data, reset]);

  const onSubmit = handleSubmit(async (body) => {
    const result = await update(body);
    if ('error' in result) {
      if ((result.error as ApiFailure).handled) return;
      setServerErrors(result.error, setError, t, { fields: FIELDS, codeFields: { 'profile.wrongPassword': 'Password' } });
      // Spec 8's failure text as the title, the reason (a wrong current password …) under it.
      const reason = messageOf(result.error, t, 'profileEdit.failed');
      void toast({ icon: 'error', title: t('profileEdit.failed'), text: reason === t('profileEdit.failed') ? undefined : reason });
      return;
    }
    const saved = result.data.data;
    reset({ ...EMPTY, firstName: saved.firstName, lastName: saved.lastName });
    if (result.data.passwordChanged) void toast({ icon: 'success', title: t('profileEdit.updated'), text: t('profileEdit.othersSignedOut'), timer: 5000 });
    else void toastSuccess(t('profileEdit.updated'));
  });

  return (
    <section className="page profile-edit-page">
      <div className="page-head">
        <h1>{t('profileEdit.title')}</h1>
        <Link to="/profile">{t('profileEdit.back')}</Link>
      </div>
      {profile.isLoading ? (
        <Spinner />
      ) : (
        <form className="people-card profile-form" onSubmit={onSubmit} noValidate>
          <fieldset>
            <legend>{t('profileEdit.names')}</legend>
            <div className="field-row">
              <TextField label={t('profileEdit.firstName')} autoComplete="given-name" dir="auto" error={errors.firstName?.message} {...register('firstName')} />
              <TextField label={t('profileEdit.lastName')} autoComplete="family-name" dir="auto" error={errors.lastName?.message} {...register('lastName')} />
            </div>
          </fieldset>
          <fieldset>
            <legend>{t('profileEdit.password')}</legend>
            <p className="field-hint" id="password-group-hint">
              {t('profileEdit.passwordHint')}
            </p>
            <PasswordField label={t('profileEdit.current')} autoComplete="current-password" aria-describedby="password-group-hint" error={errors.Password?.message} {...register('Password')} />
            <PasswordField label={t('profileEdit.new')} autoComplete="new-password" error={errors.newPassword?.message} {...pair.password} />
            {newPassword ? <PasswordRules password={newPassword} /> : null}
            <PasswordField label={t('profileEdit.confirm')} autoComplete="new-password" error={errors.confirmNPassword?.message} {...pair.confirm} />
          </fieldset>
          <SubmitButton loading={isLoading}>{t('profileEdit.save')}</SubmitButton>
        </form>
      )}
    </section>
  );
}
