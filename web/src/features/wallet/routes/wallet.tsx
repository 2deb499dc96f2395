import { Card } from '@aws-amplify/ui-react';
import { useSearchParams } from 'react-router';
import { LoadFailed, serverMessageOf } from '@/components/load-failed';
import { Spinner } from '@/components/spinner';
import { WalletEntries } from '@/components/wallet-entries';
import { useT } from '@/i18n/use-t';
import '@/i18n/wallet-area';
import { useGetWalletQuery } from '@/lib/endpoints/get-wallet';
import { moneyText } from '@/lib/money';
import { usePageTitle } from '@/lib/page-title';
import { RedeemBox } from '../components/redeem-box';
import { TopUpForm } from '../components/top-up-form';
import '../components/wallet.css';

/**
 * /profile/wallet: the balance, the redeem box (a printed card's QR link opens this page with
 * ?code= filled in), a top-up by Paymob, and the ledger's entries.
 */
export default function WalletRoute() {
  const t = useT();
  const [search] = useSearchParams();
  const wallet = useGetWalletQuery();

  usePageTitle(t('title.wallet'));

  return (
    <section className="page wallet-page">
      <h1>{t('wallet.title')}</h1>
      <Card variation="outlined" className="wallet-card wallet-balance">
        <span className="muted">{t('wallet.balance')}</span>
        {wallet.isLoading ? (
          <Spinner />
        ) : wallet.data ? (
          <strong dir="ltr" data-testid="wallet-balance">
            {moneyText(wallet.data.balance, t('currency'))}
          </strong>
        ) : null}
      </Card>
      <div className="wallet-forms">
        <RedeemBox initialCode={search.get('code') ?? ''} />
        <TopUpForm />
      </div>
      <h2>{t('wallet.entriesTitle')}</h2>
      {wallet.isLoading ? null : wallet.isError ? (
        <LoadFailed message={serverMessageOf(wallet.error) ?? t('wallet.loadFailed')} retryText={t('wallet.tryAgain')} onRetry={() => void wallet.refetch()} />
      ) : (
        <WalletEntries entries={wallet.data?.entries ?? []} />
      )}
    </section>
  );
}
