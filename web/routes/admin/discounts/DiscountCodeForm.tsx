import { cloneElement, useId, useState, type FormEvent, type ReactElement } from 'react';
import type { DiscountCodeView } from '../../../../shared/api/answers';
import { ApiError } from '../../../api/client';
import { useCreateDiscountCode } from '../../../api/discount-codes';
import { EMPTY_DISCOUNT_FORM, readDiscountForm, type DiscountFormErrors, type DiscountFormValues } from './discount-codes';

const VALUE_LABELS: Record<DiscountFormValues['type'], string> = { percentage: 'Percent off', fixed: 'Amount off ($)', shipping: '' };

/** The create form: checked with the API's own schema before sending; the server's refusal lands at its field. */
export function DiscountCodeForm({ online, onCreated }: { online: boolean; onCreated(code: DiscountCodeView): void }) {
  const [values, setValues] = useState<DiscountFormValues>(EMPTY_DISCOUNT_FORM);
  const [errors, setErrors] = useState<DiscountFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateDiscountCode();
  const id = useId();

  const set = (field: keyof DiscountFormValues) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** The first field to fix gets the focus, so a keyboard or screen-reader user lands on its message. */
  const focusField = (name: string | undefined) => {
    if (name) requestAnimationFrame(() => document.getElementById(`${id}-${name}`)?.focus());
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const read = readDiscountForm(values);
    if (read.errors) {
      setErrors(read.errors);
      focusField(Object.keys(read.errors)[0]);
      return;
    }
    try {
      const created = await create.mutateAsync(read.input);
      setValues(EMPTY_DISCOUNT_FORM);
      setErrors({});
      onCreated(created);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setErrors({ code: error.message });
        focusField('code');
      } else if (error instanceof ApiError && error.status === 422 && Array.isArray(error.body.errors)) {
        const first = (error.body.errors as { path: string; message: string }[])[0];
        const name = first?.path && first.path in values ? first.path : 'code';
        setErrors({ [name]: first?.message ?? error.message });
        focusField(name);
      } else setFormError(error instanceof Error ? error.message : 'The code could not be created.');
    }
  }

  function field(name: keyof DiscountFormValues, label: string, input: ReactElement<Record<string, unknown>>, hint?: string) {
    const error = errors[name];
    const inputId = `${id}-${name}`;
    const describedBy = [error ? `${inputId}-error` : null, hint ? `${inputId}-hint` : null].filter(Boolean).join(' ') || undefined;
    return (
      <div className={`admin-field discount-form__field discount-form__field--${name}`}>
        <label htmlFor={inputId}>{label}</label>
        {cloneElement(input, { id: inputId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
        {hint ? <span id={`${inputId}-hint`} className="admin-muted discount-form__hint">{hint}</span> : null}
        {error ? <span id={`${inputId}-error`} className="admin-error discount-form__error">{error}</span> : null}
      </div>
    );
  }

  return (
    <form id="new-discount-code" className="admin-card discount-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>New discount code</h2>
      <div className="discount-form__grid">
        {field('code', 'Code', <input value={values.code} onChange={set('code')} autoCapitalize="characters" autoComplete="off" spellCheck={false} />, 'Letters, digits, - and _; shoppers may type it in any case.')}
        {field(
          'type',
          'Type',
          <select value={values.type} onChange={set('type')}>
            <option value="percentage">Percentage off</option>
            <option value="fixed">Fixed amount off</option>
            <option value="shipping">Free shipping</option>
          </select>,
        )}
        {values.type !== 'shipping' ? field('value', VALUE_LABELS[values.type], <input value={values.value} onChange={set('value')} inputMode="decimal" />) : null}
        {field('maxUses', 'Total uses (optional)', <input value={values.maxUses} onChange={set('maxUses')} inputMode="numeric" />, 'Empty: no limit.')}
        {field('maxUsesPerCustomer', 'Uses per customer (optional)', <input value={values.maxUsesPerCustomer} onChange={set('maxUsesPerCustomer')} inputMode="numeric" />, 'Counted by e-mail.')}
        {field('startsAt', 'Starts (optional)', <input type="datetime-local" value={values.startsAt} onChange={set('startsAt')} />)}
        {field('endsAt', 'Ends (optional)', <input type="datetime-local" value={values.endsAt} onChange={set('endsAt')} />)}
      </div>
      {formError ? <p className="admin-error" role="alert">{formError}</p> : null}
      <button type="submit" className="admin-button admin-button--primary" disabled={create.isPending || !online}>
        {create.isPending ? 'Creating…' : online ? 'Create code' : 'Create code (online only)'}
      </button>
    </form>
  );
}
