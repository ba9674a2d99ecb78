import { useState, type FormEvent } from 'react';
import { ORDER_EDIT_MESSAGES } from '../../../../shared/schemas/order-edits';
import { formatDateTime } from '../shared/format';
import { useAddOrderNote, useOrderNotes } from '../../../api/orders';
import { fixFailure } from '../shared/server-needed';

/** Staff-only notes on the order, with author and time; the customer never sees them. */
export function OrderNotes({ orderId, orderNumber, online }: { orderId: string; orderNumber: string; online: boolean }) {
  const { data: notes, error: loadFailure } = useOrderNotes(orderId, online);
  const loadError = loadFailure ? fixFailure(loadFailure, 'Loading notes') : '';
  const addNote = useAddOrderNote(orderId);
  const busy = addNote.isPending;
  const [draft, setDraft] = useState('');
  const [error, setError] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft.trim()) return setError(ORDER_EDIT_MESSAGES.noteRequired);
    setError('');
    try {
      await addNote.mutateAsync(draft);
      setDraft('');
    } catch (failure) {
      setError(fixFailure(failure, 'Adding a note'));
    }
  }

  return (
    <section className="admin-detail__section" aria-labelledby={`notes-${orderId}`}>
      <h3 id={`notes-${orderId}`}>Internal notes <span className="admin-muted">(staff only)</span></h3>
      {!online ? (
        <p className="admin-muted">Notes load and save when the tablet is online.</p>
      ) : loadError ? (
        <p className="admin-error">{loadError}</p>
      ) : !notes ? (
        <p className="admin-muted">Loading…</p>
      ) : notes.length === 0 ? (
        <p className="admin-muted">No notes yet.</p>
      ) : (
        <ul className="order-notes">
          {notes.map((note) => (
            <li key={note.id}>
              <p className="order-notes__body">{note.body}</p>
              <p className="admin-muted">{note.author} · {formatDateTime(note.at)}</p>
            </li>
          ))}
        </ul>
      )}
      <form className="order-notes__form" onSubmit={submit} noValidate>
        <label className="admin-field">
          <span>New note on {orderNumber}</span>
          <textarea rows={2} maxLength={2000} value={draft} onChange={(e) => setDraft(e.target.value)} />
        </label>
        {error && <p className="admin-error" role="alert">{error}</p>}
        <button type="submit" className="admin-button admin-button--small" disabled={!online || busy}>
          {busy ? 'Adding…' : online ? 'Add note' : 'Add note (online only)'}
        </button>
      </form>
    </section>
  );
}
