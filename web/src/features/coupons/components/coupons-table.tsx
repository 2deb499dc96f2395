import { Badge, Table, TableBody, TableCell, TableHead, TableRow } from '@aws-amplify/ui-react';
import { useState } from 'react';
import type { Course } from '@shared/schemas/catalogue';
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
  const cols = {
    code: t('coupons.colCode'),
    discount: t('coupons.colDiscount'),
    expires: t('coupons.colExpires'),
    uses: t('coupons.colUses'),
    held: t('coupons.colHeld'),
    limits: t('coupons.colLimits'),
    actions: t('coupons.colActions'),
  };
  return (
    <div className="data-table-wrap">
      <Table className="data-table stack-on-phone coupons-table" size="small" highlightOnHover>
        <TableHead>
          <TableRow>
            {Object.values(cols).map((h) => (
              <TableCell as="th" key={h} scope="col">
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {coupons.map((c) => {
            const expired = c.expiresAt !== null && Date.parse(c.expiresAt) <= now;
            const usedUp = c.maxUses !== null && c.uses >= c.maxUses;
            return (
              <TableRow key={c.id} data-testid="coupon-row">
                <TableCell data-label={cols.code} className="coupon-code">
                  <bdi>{c.code}</bdi>
                </TableCell>
                <TableCell data-label={cols.discount}>
                  <bdi dir="ltr">{c.discount}%</bdi>
                </TableCell>
                <TableCell data-label={cols.expires}>
                  {c.expiresAt ? (
                    <>
                      <time dateTime={c.expiresAt}>{dayOf(c.expiresAt, language)}</time>{' '}
                      {expired && (
                        <Badge size="small" variation="error">
                          {t('coupons.expired')}
                        </Badge>
                      )}
                    </>
                  ) : (
                    <span className="muted">{t('coupons.never')}</span>
                  )}
                </TableCell>
                <TableCell data-label={cols.uses}>
                  <bdi dir="ltr">{c.maxUses === null ? c.uses : `${c.uses} / ${c.maxUses}`}</bdi>{' '}
                  {c.maxUses === null ? (
                    <span className="muted">{t('coupons.unlimited')}</span>
                  ) : (
                    usedUp && (
                      <Badge size="small" variation="warning">
                        {t('coupons.usedUp')}
                      </Badge>
                    )
                  )}
                </TableCell>
                <TableCell data-label={cols.held}>
                  <bdi dir="ltr">{c.held}</bdi>
                </TableCell>
                <TableCell data-label={cols.limits}>
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
                </TableCell>
                <TableCell data-label={cols.actions}>
                  <button type="button" className="button button-ghost is-danger" onClick={() => onDelete(c)} aria-label={t('coupons.deleteNamed', { code: c.code })}>
                    <TrashIcon /> {t('coupons.delete')}
                  </button>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
