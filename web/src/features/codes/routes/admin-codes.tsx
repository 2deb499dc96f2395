import { useState } from 'react';
import { confirm } from '@/components/confirm';
import { LoadFailed, serverMessageOf } from '@/components/load-failed';
import { Spinner } from '@/components/spinner';
import { toastError, toastSuccess } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import '@/i18n/wallet-area';
import type { ApiFailure } from '@/lib/api';
import { download } from '@/lib/csv';
import { messageOf } from '@/lib/messages';
import { usePageTitle } from '@/lib/page-title';
import { useAppDispatch } from '@/stores/hooks';
import { getCodeBatchCsvApi } from '../api/get-code-batch-csv';
import { type CodeBatch, useListCodeBatchesQuery } from '../api/list-code-batches';
import { useUpdateCodeBatchMutation } from '../api/update-code-batch';
import { BatchForm } from '../components/batch-form';
import { BatchesTable } from '../components/batches-table';
import '../components/codes.css';

/**
 * /dashboard/codes: the teacher's recharge-code batches — a new batch (count, an amount, a lecture or a whole term,
 * where it is sold, until when), and each batch with what it gives, its redeemed share, its CSV, its
 * printed sheet and stop (asked first: a lost or stolen batch stops at once).
 */
export default function AdminCodesRoute() {
  const t = useT();
  const dispatch = useAppDispatch();
  const batches = useListCodeBatchesQuery();
  const [updateBatch] = useUpdateCodeBatchMutation();
  const [busy, setBusy] = useState<string | null>(null);

  usePageTitle(t('title.codes'));

  async function onDisable(b: CodeBatch) {
    const sure = await confirm({ title: t('codes.disableTitle'), text: t('codes.disableText', { label: b.label }), confirmButtonText: t('codes.disableYes'), cancelButtonText: t('codes.disableNo') });
    if (!sure) return;
    setBusy(b.id);
    const result = await updateBatch({ batchId: b.id, disabled: true });
    setBusy(null);
    if (result.error) {
      if (!(result.error as ApiFailure).handled) void toastError(messageOf(result.error, t, 'codes.disableFailed'));
      return;
    }
    void toastSuccess(t('codes.disabledDone'));
  }

  async function onCsv(b: CodeBatch) {
    setBusy(b.id);
    try {
      const { csv } = await dispatch(getCodeBatchCsvApi.endpoints.getCodeBatchCsv.initiate(b.id, { subscribe: false, forceRefetch: true })).unwrap();
      download(`\uFEFF${csv}`, `codes-${b.label.replace(/[^\p{L}\p{N}]+/gu, '-')}-${b.id}.csv`);
    } catch (e) {
      if (!(e as ApiFailure).handled) void toastError(t('codes.csvFailed'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="page codes-page">
      <div className="page-head">
        <h1>{t('codes.title')}</h1>
      </div>
      <BatchForm />
      <h2 className="codes-list-title">{t('codes.listTitle')}</h2>
      {batches.isLoading ? (
        <Spinner />
      ) : batches.isError ? (
        <LoadFailed message={serverMessageOf(batches.error) ?? t('codes.loadFailed')} retryText={t('wallet.tryAgain')} onRetry={() => void batches.refetch()} />
      ) : !batches.data?.length ? (
        <p className="notice">{t('codes.empty')}</p>
      ) : (
        <BatchesTable batches={batches.data} busy={busy} onCsv={(b) => void onCsv(b)} onDisable={(b) => void onDisable(b)} />
      )}
    </section>
  );
}
