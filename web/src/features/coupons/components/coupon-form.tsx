import { Card, CheckboxField } from '@aws-amplify/ui-react';
import type { Course } from '@shared/schemas/catalogue';
import { COUPON_DISCOUNT_MAX, COUPON_DISCOUNT_MIN } from '@shared/constants';
import { SubmitButton } from '@/components/button';
import { TextField } from '@/components/fields';
import { toastError, toastSuccess } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import type { ApiFailure } from '@/lib/api';
import { setServerErrors, useZodForm } from '@/lib/forms';
import { messageOf } from '@/lib/messages';
import { useCreateCouponMutation } from '../api/create-coupon';
import { couponBody, couponFormSchema, emptyCouponForm, toFormFields, todayIso } from '../lib/coupon-form';

const FIELDS = ['code', 'discount', 'expiresOn', 'maxUses', 'oncePerStudent', 'courseIds'] as const;

/**
 * Spec 5: code and discount (1–100) are required, so an empty one stops the submit with its
 * message on the field. Beyond the spec: an expiry day, a limit on total uses, once per student,
 * and the courses it is for (none chosen: every course). The server's rules land on their fields
 * (a code in use in any letter case: 409 coupon.duplicate on the code).
 */
export function CouponForm({ courses }: { courses: Course[] }) {
  const t = useT();
  const [createCoupon] = useCreateCouponMutation();
  const { register, handleSubmit, setError, setValue, watch, reset, formState } = useZodForm(couponFormSchema, { defaultValues: emptyCouponForm() });
  const { errors, isSubmitting } = formState;
  const oncePerStudent = watch('oncePerStudent');
  const courseIds = watch('courseIds');

  const onSubmit = handleSubmit(async (f) => {
    const result = await createCoupon(couponBody(f));
    if (result.error) {
      const error = toFormFields(result.error);
      if ((error as ApiFailure).handled) return;
      if (!setServerErrors(error, setError, t, { fields: FIELDS, codeFields: { 'coupon.duplicate': 'code' } })) void toastError(messageOf(error, t, 'coupons.createFailed'));
      return;
    }
    void toastSuccess(t('coupons.created', { code: result.data.code }));
    reset(emptyCouponForm());
  });

  const toggleCourse = (id: string, on: boolean) =>
    setValue('courseIds', on ? [...courseIds, id] : courseIds.filter((c) => c !== id), { shouldDirty: true });

  return (
    <Card as="section" variation="outlined" className="coupon-form-card" aria-labelledby="coupon-form-title">
      <h2 id="coupon-form-title">{t('coupons.addTitle')}</h2>
      <form className="coupon-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <div className="coupon-form-main">
          <TextField label={t('coupons.code')} placeholder={t('coupons.codePlaceholder')} dir="auto" autoComplete="off" error={errors.code?.message} {...register('code')} />
          <TextField
            label={t('coupons.discount')}
            type="number"
            inputMode="numeric"
            min={COUPON_DISCOUNT_MIN}
            max={COUPON_DISCOUNT_MAX}
            dir="ltr"
            error={errors.discount?.message}
            {...register('discount')}
          />
        </div>
        <details className="coupon-limits" open={Boolean(errors.expiresOn || errors.maxUses || errors.courseIds) || undefined}>
          <summary>{t('coupons.limits')}</summary>
          <div className="coupon-limits-body">
            <div className="field-row">
              <TextField label={t('coupons.expiresOn')} descriptiveText={t('coupons.expiresHint')} type="date" min={todayIso()} dir="ltr" error={errors.expiresOn?.message} {...register('expiresOn')} />
              <TextField
                label={t('coupons.maxUses')}
                descriptiveText={t('coupons.maxUsesHint')}
                type="number"
                inputMode="numeric"
                min={1}
                dir="ltr"
                error={errors.maxUses?.message}
                {...register('maxUses')}
              />
            </div>
            <CheckboxField
              className="coupon-check"
              label={t('coupons.oncePerStudent')}
              name="oncePerStudent"
              value="yes"
              checked={oncePerStudent}
              onChange={(e) => setValue('oncePerStudent', e.target.checked, { shouldDirty: true })}
            />
            <fieldset className="coupon-courses">
              <legend>{t('coupons.courses')}</legend>
              <p className="muted field-hint">{t('coupons.coursesHint')}</p>
              {courses.length === 0 ? (
                <p className="muted">{t('coupons.noCourses')}</p>
              ) : (
                <div className="coupon-course-list">
                  {courses.map((c) => (
                    <CheckboxField
                      key={c.id}
                      className="coupon-check"
                      label={<bdi>{c.name}</bdi>}
                      name="courseIds"
                      value={c.id}
                      checked={courseIds.includes(c.id)}
                      onChange={(e) => toggleCourse(c.id, e.target.checked)}
                    />
                  ))}
                </div>
              )}
              {errors.courseIds && (
                <p className="field-error" role="alert">
                  {errors.courseIds.message}
                </p>
              )}
            </fieldset>
          </div>
        </details>
        <SubmitButton loading={isSubmitting} className="coupon-submit">
          {t('coupons.add')}
        </SubmitButton>
      </form>
    </Card>
  );
}
