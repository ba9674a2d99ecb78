import { useState, type FormEvent } from 'react';
import type { OrderItemView } from '../../../shared/api/types';
import { checkEditedLine } from '../../../shared/schemas/order-edits';
import { ApiError } from '../../api/client';
import { DesignThumbnail } from '../../components/DesignThumbnail';
import { TextField } from '../checkout/FormField';

/** The shopper's own text fix for one line, checked as the designer checks it; the server checks again. */
export function LineTextFix({ item, line, onSave, onClose }: { item: OrderItemView; line: number; onSave(text: string): Promise<void>; onClose(): void }) {
  const [text, setText] = useState(item.text);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { device, caseType, fontSize, logo, price, quantity, color, font } = item;
    const checked = checkEditedLine({ device, caseType, fontSize, logo, price, quantity, color, font, text }, item);
    if (!checked.ok) return setError(checked.errors[0]!.message);
    if (text === item.text) return setError('Change the text to save it.');
    setSaving(true);
    setError('');
    try {
      await onSave(text);
    } catch (failure) {
      setError(fixFailureMessage(failure));
      setSaving(false);
    }
  }

  return (
    <form className="track-fix" onSubmit={submit} noValidate aria-label={`Fix the text of item ${line}`}>
      <DesignThumbnail design={{ ...item, text }} size={56} fit="ink" width={200} className="track-fix__preview" />
      <TextField label={`New text for item ${line}`} name={`text-${line}`} value={text} autoFocus error={error} onChange={(event) => setText(event.target.value)} />
      <div className="track-fix__actions">
        <button type="submit" className="btn btn--primary btn--small" disabled={saving}>{saving ? 'Saving...' : 'Save text'}</button>
        <button type="button" className="btn btn--secondary btn--small" onClick={onClose} disabled={saving}>Keep it as it was</button>
      </div>
    </form>
  );
}

function fixFailureMessage(failure: unknown): string {
  if (failure instanceof ApiError && failure.status === 0) return 'We could not reach the shop, so nothing was changed. Check your connection and try again.';
  if (failure instanceof ApiError && failure.code === 'VERSION_CONFLICT') return 'Your order changed since you opened it. Look it up again and make your fix there.';
  return failure instanceof Error ? failure.message : String(failure);
}
