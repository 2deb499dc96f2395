import { Badge } from '@aws-amplify/ui-react';
import { useState } from 'react';
import type { Course } from '@shared/schemas/catalogue';
import { type DataColumn, DataTable } from '@/components/data-table';
import { TrashIcon } from '@/components/icons';
import { useLanguage, useT } from '@/i18n/use-t';
import type { Coupon } from '../api/list-coupons';

/** A day in the user's language. */
const dayOf = (iso: string, language: 'en' | 'ar') => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(language === 'ar' ? 'ar-EG' : 'en-GB', { dateStyle: 'medium' }).format(d);
};

/**
 * Spec 2: code, discount and delete; beyond the spec the limits: expiry (expired ones marked),
 * uses (paid orders) of the limit, the uses pending orders hold, once per student, the courses.
 * On a phone each row is a card whose cells carry their column's name.
 */
export function CouponsTable({ coupons, courses, onDelete }: { coupons: Coupon[]; courses: Course[]; onDelete: (c: Coupon) => void }) {
  const t = useT();
  const [now] = useState(Date.now);
  const language = useLanguage();
  const courseName = (id: string) => courses.find((c) => c.id === id)?.name ?? id;
  const isExpired = (c: Coupon) => c.expiresAt !== null && Date.parse(c.expiresAt) <= now;
  const columns: DataColumn<Coupon>[] = [
    { header: t('coupons.colCode'), className: 'coupon-code', cell: (c) => <bdi>{c.code}</bdi> },
    { header: t('coupons.colDiscount'), cell: (c) => <bdi dir="ltr">{c.discount}%</bdi> },
    {
      header: t('coupons.colExpires'),
      cell: (c) =>
        c.expiresAt ? (
          <>
            <time dateTime={c.expiresAt}>{dayOf(c.expiresAt, language)}</time>{' '}
            {isExpired(c) && (
              <Badge size="small" variation="error">
                {t('coupons.expired')}
              </Badge>
            )}
          </>
        ) : (
          <span className="muted">{t('coupons.never')}</span>
        ),
    },
    {
      header: t('coupons.colUses'),
      cell: (c) => (
        <>
          <bdi dir="ltr">{c.maxUses === null ? c.uses : `${c.uses} / ${c.maxUses}`}</bdi>{' '}
          {c.maxUses === null ? (
            <span className="muted">{t('coupons.unlimited')}</span>
          ) : (
            c.uses >= c.maxUses && (
              <Badge size="small" variation="warning">
                {t('coupons.usedUp')}
              </Badge>
            )
          )}
        </>
      ),
    },
    { header: t('coupons.colHeld'), cell: (c) => <bdi dir="ltr">{c.held}</bdi> },
    {
      header: t('coupons.colLimits'),
      cell: (c) => (
        <span className="coupon-limit-pills">
          {c.oncePerStudent && <Badge size="small">{t('coupons.oncePerStudentShort')}</Badge>}
          {c.courseIds?.length ? (
            c.courseIds.map((id) => (
              <Badge key={id} size="small" variation="info">
                <bdi>{courseName(id)}</bdi>
              </Badge>
            ))
          ) : (
            <span className="muted">{t('coupons.allCourses')}</span>
          )}
        </span>
      ),
    },
    {
      header: t('coupons.colActions'),
      cell: (c) => (
        <button type="button" className="button button-ghost is-danger" onClick={() => onDelete(c)} aria-label={t('coupons.deleteNamed', { code: c.code })}>
          <TrashIcon /> {t('coupons.delete')}
        </button>
      ),
    },
  ];
  return <DataTable columns={columns} rows={coupons} rowKey={(c) => c.id} className="coupons-table" highlightOnHover rowTestId="coupon-row" />;
}
