import { useLocation, useNavigate } from 'react-router';
import { completeProfileBody } from '@shared/schemas/people';
import { SubmitButton } from '@/components/button';
import { SchoolYearField } from '@/components/school-year-field';
import { EgyptPhoneField } from '@/components/fields';
import { toastError, toastSuccess, TOAST_MS } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import '@/i18n/users-area';
import './complete-profile.css';
import { setServerErrors, useZodForm } from '@/lib/forms';
import { messageOf } from '@/lib/messages';
import { usePageTitle } from '@/lib/page-title';
import { type MissingProfileInput, useUpdateMissingProfileMutation } from '../api/update-missing-profile';

const EMPTY: MissingProfileInput = { mobileNumber: '', schooleYear: '' as MissingProfileInput['schooleYear'] };

/** Where the step returns to: the page that sent the student here (the payment page with its lecture), else home. */
export interface CompleteProfileState {
  back?: { pathname: string; state?: unknown };
}

/**
 * The "complete your profile" step of a Google sign-up: the sign-up form's mobile number and school
 * year, asked once after the first Google sign-in and before a purchase (the server refuses a payment
 * link without them: profile.incomplete).
 */
export default function CompleteProfileRoute() {
  const t = useT();
  const navigate = useNavigate();
  const back = (useLocation().state as CompleteProfileState | null)?.back;
  const [save, { isLoading }] = useUpdateMissingProfileMutation();
  const { register, handleSubmit, setError, formState } = useZodForm(completeProfileBody, { defaultValues: EMPTY });
  const { errors } = formState;

  usePageTitle(t('profile.completeTitle'));

  const onSubmit = handleSubmit(async (body) => {
    const result = await save(body);
    if ('error' in result) {
      setServerErrors(result.error, setError, t, { fields: ['mobileNumber', 'schooleYear'], codeFields: { 'auth.phoneInUse': 'mobileNumber' } });
      void toastError(messageOf(result.error, t, 'profile.completeFailed'), TOAST_MS.error);
      return;
    }
    void toastSuccess(t('profile.completed'), TOAST_MS.success);
    navigate(back?.pathname ?? '/', { replace: true, state: back?.state });
  });

  return (
    <section className="page complete-profile-page">
      <form onSubmit={onSubmit} noValidate className="auth-form">
        <h1>{t('profile.completeTitle')}</h1>
        <p>{t('profile.completeIntro')}</p>
        <EgyptPhoneField label={t('auth.mobile')} error={errors.mobileNumber?.message} {...register('mobileNumber')} />
        <SchoolYearField error={errors.schooleYear?.message} {...register('schooleYear')} />
        <SubmitButton loading={isLoading}>{t('profile.completeSave')}</SubmitButton>
      </form>
    </section>
  );
}
