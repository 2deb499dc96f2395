import { type FormEvent, useState } from 'react';
import type { Term } from '@shared/schemas/catalogue';
import { TextField } from '@/components/fields';
import { toastError, toastSuccess } from '@/components/toast';
import { useLanguage, useT } from '@/i18n/use-t';
import { messageOf } from '@/lib/messages';
import { useUpdateTermMutation } from '../api/update-term';
import { wasHandled } from '../lib/query-view';
import './term-bundle.css';

/** The last moment of a local calendar day, as the ISO instant the server stores ('2027-01-31' → that day's 23:59:59.999 here). */
export const endOfDay = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();
/** The local calendar day of an ISO instant, for a date input. */
export const dayOf = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const dayText = (iso: string, language: string) => new Intl.DateTimeFormat(language === 'ar' ? 'ar-EG' : 'en-GB', { dateStyle: 'medium' }).format(new Date(iso));

/**
 * A term's whole-term bundle on the teacher's terms screen: what is sold now (or that nothing is), and a
 * form for the price and the end day; "stop selling" removes the price. The server checks both.
 */
export function TermBundleForm({ term }: { term: Term }) {
  const t = useT();
  const language = useLanguage();
  const [updateTerm, saving] = useUpdateTermMutation();
  const [price, setPrice] = useState(term.bundlePrice ? String(term.bundlePrice) : '');
  const [day, setDay] = useState(term.endsAt ? dayOf(term.endsAt) : '');
  const sold = typeof term.bundlePrice === 'number' && !!term.endsAt;

  async function save(body: { bundlePrice: number | null; endsAt?: string }, done: 'bundle.saved' | 'bundle.removed') {
    const result = await updateTerm({ termId: term.id, ...body });
    if (result.error) {
      if (!wasHandled(result.error)) void toastError(messageOf(result.error, t, 'bundle.failed'));
      return;
    }
    void toastSuccess(t(done));
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    void save({ bundlePrice: Number(price), ...(day ? { endsAt: endOfDay(day) } : {}) }, 'bundle.saved');
  }

  return (
    <details className="term-bundle">
      <summary>
        <span className="visually-hidden" dir="auto">
          {t('bundle.editNamed', { name: term.name })}:{' '}
        </span>
        <span data-testid="bundle-summary">{sold ? t('bundle.summary', { price: `${term.bundlePrice} ${t('currency')}`, date: dayText(term.endsAt!, language) }) : t('bundle.none')}</span>
      </summary>
      <form className="term-bundle-form" onSubmit={submit} aria-label={t('bundle.editNamed', { name: term.name })}>
        <TextField label={t('bundle.price')} type="number" inputMode="decimal" min={1} step="0.01" dir="ltr" required value={price} onChange={(e) => setPrice(e.target.value)} />
        <TextField label={t('bundle.endsAt')} descriptiveText={t('bundle.endsHint')} type="date" dir="ltr" required value={day} onChange={(e) => setDay(e.target.value)} />
        <div className="term-bundle-actions">
          <button type="submit" className="button button-primary button-small" disabled={saving.isLoading}>
            {t('bundle.save')}
          </button>
          {sold && (
            <button type="button" className="button button-small" disabled={saving.isLoading} onClick={() => void save({ bundlePrice: null }, 'bundle.removed')}>
              {t('bundle.remove')}
            </button>
          )}
        </div>
      </form>
    </details>
  );
}
