import { Card } from '@aws-amplify/ui-react';
import { type FormEvent, useState } from 'react';
import { SubmitButton } from '@/components/button';
import { TextField } from '@/components/fields';
import { toastSuccess } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import type { ApiFailure } from '@/lib/api';
import { errorCodeOf, messageOf } from '@/lib/messages';
import { moneyText } from '@/lib/money';
import { useRedeemCodeMutation } from '../api/redeem-code';
import { codeHint, readCode, redeemFailureKey } from '../lib/code-input';
import { RedeemedTerm } from './redeemed-term';

/**
 * The redeem box: the code as printed on the card (or filled in by the card's QR link). The line
 * under it says how the code reads, or what is wrong with it as typed; a refused code says why in
 * the student's language (mistyped, unknown, used, stopped, too many tries, a term already had). A
 * term's code leaves under the box which term is the student's now, with a link to it.
 */
export function RedeemBox({ initialCode = '' }: { initialCode?: string }) {
  const t = useT();
  const [raw, setRaw] = useState(initialCode);
  const [failure, setFailure] = useState<string | null>(null);
  const [term, setTerm] = useState<{ termId: string; termName: string } | null>(null);
  const [redeem, { isLoading }] = useRedeemCodeMutation();
  const input = readCode(raw);
  const hint = codeHint(input);
  const hintText = hint.key === 'wallet.codeShape' ? t(hint.key, { code: hint.code }) : hint.key === 'wallet.codeBadChars' ? t(hint.key, { chars: hint.chars }) : 'n' in hint ? t(hint.key, { n: hint.n, max: hint.max }) : t(hint.key);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!input.complete) {
      setFailure(hintText);
      return;
    }
    setFailure(null);
    setTerm(null);
    const result = await redeem(input.grouped);
    if (result.error) {
      const error = result.error as ApiFailure;
      if (!error.handled) setFailure(errorCodeOf(error) === 'wallet.termOwned' ? messageOf(error, t, 'wallet.error.other') : t(redeemFailureKey(error.status)));
      return;
    }
    setRaw('');
    const { credited, lecture, termId, termName } = result.data;
    if (termId) {
      setTerm({ termId, termName: termName ?? '' });
      return;
    }
    void toastSuccess(lecture ? t('wallet.redeemedLecture', { lecture: lecture.lectureName }) : t('wallet.redeemed', { amount: moneyText(credited, t('currency')) }));
  }

  return (
    <Card as="section" variation="outlined" className="wallet-card redeem-box" aria-labelledby="redeem-title">
      <h2 id="redeem-title">{t('wallet.redeemTitle')}</h2>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="redeem-form">
        <TextField
          label={t('wallet.code')}
          descriptiveText={t('wallet.redeemHint')}
          name="code"
          dir="ltr"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="XXXX-XXXX-XXXX-X"
          className="redeem-code-field"
          value={raw}
          onChange={(e) => {
            setRaw(e.target.value);
            setFailure(null);
          }}
          error={failure ?? undefined}
        />
        <p className={`redeem-hint${hint.key === 'wallet.codeShape' ? ' is-whole' : ''}`} data-testid="redeem-hint" aria-live="polite">
          {hintText}
        </p>
        <SubmitButton loading={isLoading}>{t('wallet.redeem')}</SubmitButton>
      </form>
      {term && <RedeemedTerm termId={term.termId} termName={term.termName} />}
    </Card>
  );
}
