import { useState, type FormEvent } from 'react';
import { COLORS, FONTS } from '../../../../shared/catalog';
import type { OrderItemView } from '../../../../shared/api/types';
import { checkEditedLine } from '../../../../shared/schemas/order-edits';
import { DesignThumbnail } from '../../../components/DesignThumbnail';
import { useNotify } from '../../../components/notifications';
import type { CachedOrder } from '../../../db/db';
import { useEditOrderLine } from '../../../api/orders';
import { fixFailure } from '../shared/server-needed';

/**
 * Fix a line before it is printed: text, colour, font, checked here with the cart's own schema
 * (the server checks again) and sent with the version the admin saw, so a line someone else
 * changed meanwhile is refused rather than overwritten.
 */
export function LineEditForm({ order, item, line, onDone }: { order: CachedOrder; item: OrderItemView; line: number; onDone(): void }) {
  const { notify } = useNotify();
  const [text, setText] = useState(item.text);
  const [color, setColor] = useState(item.color);
  const [font, setFont] = useState(item.font);
  const [error, setError] = useState('');
  const editLine = useEditOrderLine(order.id);
  const busy = editLine.isPending;
  const [baseVersion] = useState(order.version);
  const id = `line-edit-${order.id}-${line}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { device, caseType, fontSize, logo, price, quantity } = item;
    const checked = checkEditedLine({ device, caseType, fontSize, logo, price, quantity, text, color, font }, { color: item.color, font: item.font });
    if (!checked.ok) return setError(checked.errors[0]!.message);
    if (text === item.text && color === item.color && font === item.font) return setError('Change the text, colour or font to save an edit.');
    setError('');
    try {
      await editLine.mutateAsync({ line, changes: { text, color, font }, baseVersion });
      notify(`Line ${line} of ${order.orderNumber} changed`);
      onDone();
    } catch (failure) {
      setError(fixFailure(failure, 'Changing a line'));
    }
  }

  return (
    <form className="line-edit" onSubmit={submit} aria-label={`Edit line ${line} of ${order.orderNumber}`} noValidate>
      {/* The shared renderer draws the edit as the print file will. */}
      <DesignThumbnail design={{ ...item, text, color, font }} size={120} className="line-edit__preview" />
      <label className="admin-field">
        <span>Text</span>
        <input value={text} onChange={(e) => setText(e.target.value)} maxLength={40} aria-invalid={!!error} aria-describedby={error ? `${id}-error` : undefined} />
      </label>
      <label className="admin-field">
        <span>Colour</span>
        <select value={color} onChange={(e) => setColor(e.target.value)}>
          {COLORS.map((swatch) => <option key={swatch.name} value={swatch.name}>{swatch.name}</option>)}
        </select>
      </label>
      <label className="admin-field">
        <span>Font</span>
        <select value={font} onChange={(e) => setFont(e.target.value)}>
          {FONTS.map((name) => <option key={name} value={name}>{name}</option>)}
        </select>
      </label>
      {error && <p id={`${id}-error`} className="admin-error" role="alert">{error}</p>}
      <div className="line-edit__actions">
        <button type="submit" className="admin-button admin-button--primary admin-button--small" disabled={busy}>
          {busy ? 'Saving…' : `Save line ${line}`}
        </button>
        <button type="button" className="admin-button admin-button--ghost admin-button--small" onClick={onDone} disabled={busy}>Cancel edit</button>
      </div>
    </form>
  );
}
