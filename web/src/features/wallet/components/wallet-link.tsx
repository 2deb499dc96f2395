import { useSelector } from 'react-redux';
import { NavLink } from 'react-router';
import { useT } from '@/i18n/use-t';
import { useGetWalletQuery } from '@/lib/endpoints/get-wallet';
import { moneyText } from '@/lib/money';
import { selectHasValidToken } from '@/lib/session';

/**
 * The top bar's link to /profile/wallet with the balance. Part of the shell, so it carries no wallet
 * texts or styles of its own; it asks for the wallet once per session (the cache keeps it, a redeem,
 * a top-up or a purchase from the balance asks again), and nothing for a visitor or an expired session.
 */
export function WalletLink() {
  const t = useT();
  const signedIn = useSelector(selectHasValidToken);
  const wallet = useGetWalletQuery(undefined, { skip: !signedIn, refetchOnMountOrArgChange: false });
  if (!signedIn) return null;
  const balance = wallet.data?.balance;
  return (
    <NavLink to="/profile/wallet" data-testid="wallet-link">
      {balance === undefined ? t('title.wallet') : t('nav.wallet', { amount: moneyText(balance, t('currency')) })}
    </NavLink>
  );
}
