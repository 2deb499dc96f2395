import { confirm } from '@/components/confirm';
import { LoadFailed, serverMessageOf } from '@/components/load-failed';
import { Spinner } from '@/components/spinner';
import { toast, toastSuccess } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import '@/i18n/commerce-area';
import type { ApiFailure } from '@/lib/api';
import { useListCoursesQuery } from '@/lib/endpoints/list-courses';
import { useDeleteCouponMutation } from '../api/delete-coupon';
import { type Coupon, useListCouponsQuery } from '../api/list-coupons';
import { CouponForm } from '../components/coupon-form';
import { CouponsTable } from '../components/coupons-table';
import '../components/coupons.css';
import { usePageTitle } from '@/lib/page-title';

/**
 * Spec 2: /dashboard/Cuppons, the teacher's coupons: the form (code, discount and, beyond the
 * spec, the limits), the table (code, discount, the limits and their use, delete), 'no coupons'
 * when there are none. Spec 8: delete asks first; 'تم الحذف!' after, 'خطأ!' / 'حدث خطأ أثناء
 * حذف الكوبون' when it fails.
 */
export default function AdminCouponsRoute() {
  const t = useT();
  const coupons = useListCouponsQuery();
  const courses = useListCoursesQuery();
  const [deleteCoupon] = useDeleteCouponMutation();

  usePageTitle(t('title.coupons'));

  async function onDelete(c: Coupon) {
    const sure = await confirm({
      title: t('coupons.deleteTitle'),
      text: t('coupons.deleteText', { code: c.code }),
      confirmButtonText: t('coupons.deleteYes'),
      cancelButtonText: t('coupons.deleteNo'),
    });
    if (!sure) return;
    const result = await deleteCoupon(c.id);
    if (result.error) {
      if (!(result.error as ApiFailure).handled) void toast({ icon: 'error', title: t('coupons.deleteFailedTitle'), text: t('coupons.deleteFailed') });
      return;
    }
    void toastSuccess(t('coupons.deleted'));
  }

  return (
    <section className="page coupons-page">
      <div className="page-head">
        <h1>{t('coupons.title')}</h1>
      </div>
      <CouponForm courses={courses.data ?? []} />
      <h2 className="coupons-list-title">{t('coupons.listTitle')}</h2>
      {coupons.isLoading ? (
        <Spinner />
      ) : coupons.isError ? (
        <LoadFailed message={serverMessageOf(coupons.error) ?? t('coupons.loadFailed')} retryText={t('commerce.tryAgain')} onRetry={() => void coupons.refetch()} />
      ) : !coupons.data?.length ? (
        <p className="notice">{t('coupons.empty')}</p>
      ) : (
        <CouponsTable coupons={coupons.data} courses={courses.data ?? []} onDelete={(c) => void onDelete(c)} />
      )}
    </section>
  );
}
