import { useState } from 'react';
import { CloseIcon } from '@/components/icons';
import { TextField } from '@/components/fields';
import { toast, toastWarning } from '@/components/toast';
import { type Translate, useT } from '@/i18n/use-t';
import type { ApiFailure } from '@/lib/api';
import { messageOf } from '@/lib/messages';
import { useValidateCouponMutation } from '../api/validate-coupon';

export interface AppliedCoupon {
  code: string;
  discount: number;
}

/**
 * Spec 2, 5, 8: the coupon box. Apply checks the code for this lecture (POST validate with
 * ?lectureId): an empty code warns 'خطأ' / 'من فضلك ادخل كود الخصم'; a good one says
 * 'تم تطبيق الكوبون' with its percent and then shows as a chip with a cancel button; a bad one says
 * 'كود خصم غير صحيح' with the server's reason, else 'الكوبون غير صالح أو منتهي الصلاحية'.
 * Without a lecture (a whole term) only the code itself is checked; the server prices the order with it.
 */
export function CouponBox({ lectureId, applied, onApply, onCancel }: { lectureId?: string; applied: AppliedCoupon | null; onApply: (c: AppliedCoupon) => void; onCancel: () => void }) {
  const t = useT();
  const [code, setCode] = useState('');
  const [validate, { isLoading }] = useValidateCouponMutation();

  async function apply() {
    const typed = code.trim();
    if (!typed) {
      void toastWarning(t('pay.couponEmptyTitle'), t('pay.couponEmpty'));
      return;
    }
    const result = await validate({ couponCode: typed, lectureId });
    if (result.error) {
      if (!(result.error as ApiFailure).handled) void couponFailureToast(result.error, t);
      return;
    }
    onApply({ code: result.data.code || typed, discount: result.data.discount });
    setCode('');
    void toast({ icon: 'success', title: t('pay.couponApplied'), text: t('pay.couponPercent', { discount: result.data.discount }) });
  }

  if (applied)
    return (
      <div className="coupon-applied" data-testid="coupon-applied">
        <span className="muted">{t('pay.couponLabel')}</span>
        <span className="coupon-chip">
          <bdi className="coupon-chip-code">{applied.code}</bdi>
          <bdi dir="ltr" className="coupon-chip-percent">
            −{applied.discount}%
          </bdi>
          <button type="button" className="coupon-chip-cancel" onClick={onCancel} aria-label={t('pay.couponCancelNamed', { code: applied.code })}>
            <CloseIcon size={16} />
          </button>
        </span>
      </div>
    );

  return (
    <form
      className="coupon-box"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void apply();
      }}
    >
      <TextField
        label={t('pay.couponLabel')}
        placeholder={t('pay.couponPlaceholder')}
        dir="auto"
        autoComplete="off"
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <button type="submit" className="button button-ghost coupon-apply" disabled={isLoading} aria-busy={isLoading}>
        {isLoading ? t('pay.couponChecking') : t('pay.couponApply')}
      </button>
    </form>
  );
}

/** Spec 8: 'كود خصم غير صحيح' with the server's reason (in the user's language when its code is known), else the spec's fallback. */
export function couponFailureToast(error: unknown, t: Translate) {
  return toast({ icon: 'error', title: t('pay.couponInvalid'), text: messageOf(error, t, 'pay.couponInvalidFallback') });
}
