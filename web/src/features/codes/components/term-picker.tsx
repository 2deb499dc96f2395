import { useState } from 'react';
import type { Term } from '@shared/schemas/catalogue';
import { TermChainFields, useTermChain } from '@/components/term-chain';
import { useT } from '@/i18n/use-t';
import { useChainTexts } from './lecture-picker';

/** A term sold whole now: a bundle price and an end still ahead (what a term batch's codes grant). */
const soldWhole = (now: number) => (term: Term) => term.bundlePrice != null && !!term.endsAt && Date.parse(term.endsAt) > now;

/** The term a term batch grants (its bundle): course → track → term, only the terms sold whole listed. */
export function TermPicker({ onChange, error }: { onChange: (termId: string) => void; error?: string }) {
  const t = useT();
  const [now] = useState(Date.now);
  const chain = useTermChain(onChange);
  return (
    <div className="lecture-picker">
      <TermChainFields chain={chain} texts={useChainTexts()} offered={soldWhole(now)} termName="termId" termError={error} termHint={t('codes.termHint')} />
    </div>
  );
}
