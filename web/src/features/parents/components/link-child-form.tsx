import { type FormEvent, useState } from 'react';
import { SubmitButton } from '@/components/button';
import { TextField } from '@/components/fields';
import { toastSuccess } from '@/components/toast';
import { type MessageKey, useT } from '@/i18n/use-t';
import type { ApiFailure } from '@/lib/api';
import { errorCodeOf, messageOf, ruleText } from '@/lib/messages';
import { isParentCode } from '@/lib/parent-code';
import { useLinkChildMutation } from '../api/link-child';

/** A refused code, said where it is typed: wrong, expired or used, a child already linked, or one with four parents. */
const REFUSALS: Record<string, MessageKey> = { 'parent.codeInvalid': 'parents.codeInvalid', 'parent.alreadyLinked': 'linkChild.alreadyLinked', 'parent.tooMany': 'parents.childFull' };

/** "Link another child": the code the child made on their profile, typed any way (lib/parent-code.ts). */
export function LinkChildForm() {
  const t = useT();
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [link, { isLoading }] = useLinkChildMutation();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!isParentCode(code)) {
      setFailure(ruleText({ code: code.trim() ? 'invalid' : 'required', field: 'parentCode' }, t));
      return;
    }
    setFailure(null);
    const result = await link(code);
    if (result.error) {
      const error = result.error as ApiFailure;
      const refusal = REFUSALS[errorCodeOf(error) ?? ''];
      if (!error.handled) setFailure(refusal ? t(refusal) : messageOf(error, t, 'linkChild.failed'));
      return;
    }
    setCode('');
    void toastSuccess(t('linkChild.linked', { name: `${result.data.firstName} ${result.data.lastName}` }));
  }

  return (
    <section className="parent-panel" aria-labelledby="link-child-title">
      <h2 id="link-child-title">{t('linkChild.title')}</h2>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="link-child-form">
        <TextField
          label={t('field.parentCode')}
          descriptiveText={t('parents.codeHint')}
          name="code"
          dir="ltr"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="XXXX-XXXX"
          className="parent-code-field"
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            setFailure(null);
          }}
          error={failure ?? undefined}
        />
        <SubmitButton loading={isLoading}>{t('linkChild.submit')}</SubmitButton>
      </form>
    </section>
  );
}
