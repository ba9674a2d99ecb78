import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { colorHex, DEFAULT_FONT, DEFAULT_FONT_SIZE, MAX_TEXT_LENGTH, type ProductTypeId } from '../../../shared/catalog';
import { ADD_FAILED_MESSAGE, addToCart } from '../../cart/cart-store';
import { useCatalog } from '../../catalog/use-catalog';
import { useNotify } from '../../components/notifications';
import { DesignCanvas, markDesignInput } from './DesignCanvas';
import { CharacterCounter, ColorPicker, ProductPicker, TextPreview } from './DesignForm';
import { Perks, PriceBlock } from './Marketing';
import { TestimonialsCarousel } from './TestimonialsCarousel';
import { designTextProblem } from './text-check';

/** spec.md §9: switching product type takes 800 ms; adding to the cart about 1.5 s. */
export const SWITCH_DELAY_MS = 800;
export const ADD_DELAY_MS = 1500;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function CustomizePage() {
  const catalog = useCatalog();
  const { notify, notifyError } = useNotify();
  const [productType, setProductType] = useState<ProductTypeId>('phone-case');
  const [variant, setVariant] = useState(catalog.productTypes[0]?.variants[0] ?? '');
  const [switching, setSwitching] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [color, setColor] = useState('');
  const [font, setFont] = useState<string>(DEFAULT_FONT);
  const [adding, setAdding] = useState(false);
  const textInput = useRef<HTMLInputElement>(null);
  const switchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(switchTimer.current), []);

  const type = catalog.productTypes.find((t) => t.id === productType) ?? catalog.productTypes[0];
  const hex = color ? colorHex(color) : null;
  const textProblem = useMemo(() => designTextProblem(text, font), [text, font]);
  const canAdd = text.trim().length > 0 && !textProblem && !!productType && !!variant && !!color && !switching && !adding;

  const switchProduct = useCallback((id: string) => {
    const next = catalog.productTypes.find((t) => t.id === id);
    if (!next) return;
    clearTimeout(switchTimer.current);
    setVariant('');
    setSwitching(`Switching to ${next.name}…`);
    switchTimer.current = setTimeout(() => {
      setProductType(next.id as ProductTypeId);
      setVariant(next.variants[0] ?? '');
      setSwitching(null);
    }, SWITCH_DELAY_MS);
  }, [catalog.productTypes]);

  async function handleAdd() {
    if (!canAdd) return;
    setAdding(true);
    try {
      await wait(ADD_DELAY_MS);
      notify(await addToCart({ device: variant, variant, productType, text, color, font, fontSize: DEFAULT_FONT_SIZE }));
    } catch {
      notifyError(ADD_FAILED_MESSAGE);
    } finally {
      setAdding(false);
    }
  }

  const focusDesigner = useCallback(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
    textInput.current?.focus({ preventScroll: true });
  }, []);

  const variantLabel = productType === 'phone-case' ? 'Phone model' : 'Size';
  return (
    <>
      <section className="designer" aria-labelledby="designer-title">
        <div className="designer__preview">
          <DesignCanvas
            productType={productType}
            variant={variant || type.variants[0]}
            text={text}
            colorHex={hex}
            font={font}
            fontSize={DEFAULT_FONT_SIZE}
            busy={switching}
            label={`Preview of a ${type.name}${variant ? ` (${variant})` : ''} with the text “${text || 'Your text here'}”${color ? ` in ${color}` : ''}`}
          />
        </div>
        <div className="designer__panel">
          <p className="eyebrow">Villa Prints · Summer drop</p>
          <h1 id="designer-title">Put your catchphrase on it</h1>
          <p className="lede">Your line from the villa, printed on a phone case, water bottle or champagne flute.</p>
          <PriceBlock />
          <form className="design-form" onSubmit={(event) => { event.preventDefault(); void handleAdd(); }}>
            <ProductPicker productTypes={catalog.productTypes} value={productType} onChange={switchProduct} />
            <div className="field">
              <label className="field__label" htmlFor="variant">2. {variantLabel}</label>
              <select id="variant" value={variant} disabled={!!switching} onChange={(event) => setVariant(event.target.value)}>
                {!variant && <option value="">Loading options…</option>}
                {type.variants.map((v) => (
                  <option key={v} value={v}>{v}</option>
                ))}
              </select>
            </div>
            <div className="field">
              <label className="field__label" htmlFor="custom-text">3. Your text</label>
              <input
                ref={textInput}
                id="custom-text"
                type="text"
                value={text}
                maxLength={MAX_TEXT_LENGTH}
                autoComplete="off"
                placeholder="e.g. My type on paper"
                aria-describedby={textProblem ? 'text-counter text-problem' : 'text-counter'}
                aria-invalid={textProblem ? true : undefined}
                onChange={(event) => {
                  markDesignInput();
                  setText(event.target.value.slice(0, MAX_TEXT_LENGTH));
                }}
              />
              <CharacterCounter length={text.length} />
              {textProblem && <p id="text-problem" className="field__error" role="alert">{textProblem}</p>}
            </div>
            <ColorPicker colors={catalog.colors} value={color} onChange={setColor} />
            <div className="field">
              <label className="field__label" htmlFor="font">5. Font</label>
              <select id="font" value={font} onChange={(event) => setFont(event.target.value)}>
                {catalog.fonts.map((f) => (
                  <option key={f} value={f}>{f}</option>
                ))}
              </select>
            </div>
            <TextPreview text={text} colorHex={hex} font={font} />
            <button type="submit" className="btn btn--primary btn--block btn--big" disabled={!canAdd}>
              {adding ? 'Adding to Cart...' : 'ADD TO CART - $5.95'}
            </button>
          </form>
          <Perks />
          <Link to="/how-it-works" className="link">How does it work? See the 4 easy steps →</Link>
        </div>
      </section>
      <TestimonialsCarousel onCreate={focusDesigner} />
    </>
  );
}
