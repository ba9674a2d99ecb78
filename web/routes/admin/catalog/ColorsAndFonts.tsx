import { useState, type FormEvent } from 'react';
import type { LiveCatalog } from '../../../../shared/catalog';
import { useChangeColor, useChangeFont, useCreateColor } from '../../../api/catalog';
import { useNotify } from '../../../components/notifications';
import { errorMessage } from './catalog-format';

/** Runs one edit (the answered catalogue replaces the cached one); the server's message on failure. */
function useEdit() {
  const { notify, notifyError } = useNotify();
  const [busy, setBusy] = useState<string | null>(null);
  async function run(key: string, work: () => Promise<LiveCatalog>, done: string): Promise<string | null> {
    setBusy(key);
    try {
      await work();
      notify(done);
      return null;
    } catch (caught) {
      const message = errorMessage(caught, 'The change could not be saved.');
      notifyError(message);
      return message;
    } finally {
      setBusy(null);
    }
  }
  return { busy, run };
}

/** The vinyl colours: in stock ones are offered in the designer; one out of stock is kept for the orders that name it. */
export function ColorsSection({ colors, online }: { colors: LiveCatalog['colors']; online: boolean }) {
  const { busy, run } = useEdit();
  const createColor = useCreateColor();
  const changeColor = useChangeColor();
  const [name, setName] = useState('');
  const [hex, setHex] = useState('#');
  const [error, setError] = useState<string | null>(null);

  async function add(event: FormEvent) {
    event.preventDefault();
    const message = await run('add', () => createColor.mutateAsync({ name, hex }), `${name.trim()} added`);
    setError(message);
    if (!message) {
      setName('');
      setHex('#');
    }
  }

  return (
    <section className="admin-card catalog__colors" aria-labelledby="catalog-colors">
      <h2 id="catalog-colors">Colours</h2>
      <ul className="catalog__swatches" aria-label="Colours">
        {colors.map((color) => (
          <li key={color.name} className={`catalog__swatch${color.active ? '' : ' catalog__swatch--out'}`}>
            <span className="catalog__chip" style={{ background: color.hex }} aria-hidden="true" />
            <span className="catalog__swatch-name">
              <strong>{color.name}</strong>
              <span className="admin-muted">{color.hex}{color.active ? '' : ' · out of stock'}</span>
            </span>
            <button
              type="button"
              className="admin-button admin-button--ghost admin-button--small"
              disabled={!online || busy !== null}
              onClick={() => void run(color.name, () => changeColor.mutateAsync({ name: color.name, active: !color.active }), color.active ? `${color.name} marked out of stock` : `${color.name} back in stock`)}
              aria-label={color.active ? `Mark ${color.name} out of stock` : `Mark ${color.name} in stock`}
            >
              {color.active ? 'Out of stock' : 'In stock'}
            </button>
          </li>
        ))}
      </ul>
      <form className="catalog__add" onSubmit={add} noValidate aria-label="Add a colour">
        <h3>Add a colour</h3>
        <div className="catalog__add-fields">
          <label className="admin-field admin-field--grow">
            <span>Name</span>
            <input value={name} onChange={(e) => setName(e.target.value)} maxLength={40} aria-label="New colour name" />
          </label>
          <label className="admin-field">
            <span>Hex code</span>
            <input value={hex} onChange={(e) => setHex(e.target.value)} maxLength={7} aria-label="New colour hex code" placeholder="#FF1493" />
          </label>
          <span className="catalog__chip catalog__chip--preview" style={{ background: /^#[0-9a-f]{6}$/i.test(hex) ? hex : 'transparent' }} aria-hidden="true" />
          <button type="submit" className="admin-button admin-button--primary" disabled={!online || busy !== null} aria-label="Add colour">
            Add
          </button>
        </div>
        {error && <p className="admin-error catalog__form-error" role="alert">{error}</p>}
      </form>
    </section>
  );
}

/** The bundled font files: each can be offered or not; no other font can be drawn or printed. */
export function FontsSection({ fonts, online }: { fonts: LiveCatalog['fonts']; online: boolean }) {
  const { busy, run } = useEdit();
  const changeFont = useChangeFont();
  const offered = fonts.filter((font) => font.active).length;
  return (
    <section className="admin-card catalog__fonts" aria-labelledby="catalog-fonts">
      <h2 id="catalog-fonts">Fonts</h2>
      <p className="admin-muted">The shop can offer only the fonts bundled with it: the designer and the print files draw from the same files.</p>
      <ul className="catalog__font-list" aria-label="Fonts">
        {fonts.map((font) => (
          <li key={font.name}>
            <label className="check">
              <input
                type="checkbox"
                checked={font.active}
                // The last font on offer stays: the designer needs one.
                disabled={!online || busy !== null || (font.active && offered === 1)}
                onChange={() => void run(font.name, () => changeFont.mutateAsync({ name: font.name, active: !font.active }), font.active ? `${font.name} no longer offered` : `${font.name} offered`)}
                aria-label={`Offer ${font.name}`}
              />
              <span>{font.name}</span>
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}
