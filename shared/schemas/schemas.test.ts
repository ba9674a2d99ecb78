import { describe, expect, it } from 'vitest';
import { firstErrorByField } from './fields';
import { shippingStepSchema } from './checkout';
import { cartItemSchema, validateCart } from './cart';
import { checkCustomText } from './text';
import { colorHex, UNKNOWN_COLOR_HEX } from '../catalog';

const validShipping = {
  email: 'maya@example.com', firstName: 'Maya', lastName: 'Jama', phone: '+1 (555) 123-4567',
  address: '1 Villa Road', city: 'Los Angeles', state: 'CA', zipCode: '90001',
};

function shippingErrors(overrides: Record<string, string>) {
  const result = shippingStepSchema.safeParse({ ...validShipping, ...overrides });
  return result.success ? {} : firstErrorByField(result.error);
}

describe('shipping step messages of spec.md §5', () => {
  it('accepts a complete US address', () => {
    expect(shippingStepSchema.safeParse(validShipping).success).toBe(true);
    expect(shippingErrors({ phone: '555.123.4567', zipCode: '90001-1234' })).toEqual({});
  });

  it.each([
    ['email', '', 'Email is required'],
    ['email', 'maya@example', 'Invalid email format'],
    ['firstName', ' ', 'First name is required'],
    ['lastName', '', 'Last name is required'],
    ['phone', '', 'Phone number is required'],
    ['phone', '12345', 'Invalid US phone number format'],
    ['address', '', 'Address is required'],
    ['city', '', 'City is required'],
    ['state', '', 'State is required'],
    ['zipCode', '', 'ZIP code is required'],
    ['zipCode', '9000', 'Invalid ZIP code format (12345 or 12345-6789)'],
  ])('%s = %j → %s (one message per field)', (field, value, message) => {
    const errors = shippingErrors({ [field]: value });
    expect(errors).toEqual({ [field]: message });
  });
});

describe('cart validation of spec.md §5', () => {
  const item = { device: 'iPhone 14', text: 'Villa', color: 'Pink', price: 5.95, quantity: 1 };
  it('numbers item messages from 1 and says when the cart is empty', () => {
    expect(validateCart([])).toEqual(['Cart is empty']);
    expect(validateCart([item])).toEqual([]);
    expect(
      validateCart([item, { ...item, text: '' }, { ...item, text: 'x'.repeat(21), device: '', color: '', price: 0 }]),
    ).toEqual([
      'Item 2: Custom text is required',
      'Item 3: Device selection is required',
      'Item 3: Text exceeds 20 character limit',
      'Item 3: Color selection is required',
      'Item 3: Invalid price',
    ]);
  });
});

describe('cart lines checked against the catalogue, in the browser as on the server', () => {
  const item = { device: 'iPhone 14', text: 'Villa', color: 'Pink', price: 5.95, quantity: 1 };
  it('names every bad design field of a line in the spec’s words', () => {
    expect(
      validateCart([
        { ...item, color: 'Neon Green' },
        { ...item, productType: 'water-bottle' },
        { ...item, font: 'Comic Sans', caseType: 'TOUGH', fontSize: 200 },
        { ...item, text: 'Hi\u001B' },
        { ...item, text: 'Hi 😀 ✨' },
        { ...item, price: 5.951 },
      ]),
    ).toEqual([
      'Item 1: Color selection is required',
      'Item 2: Product type does not match the device',
      'Item 3: Case type selection is required',
      'Item 3: Font selection is required',
      'Item 3: Invalid font size',
      'Item 4: Text contains characters that are not allowed',
      'Item 5: Text contains characters that cannot be printed: 😀 ✨',
      'Item 6: Invalid price',
    ]);
  });

  it('refuses a letter size outside its font’s offered range, as the checkout does, and starts an unsized line where the designer does', () => {
    expect(validateCart([{ ...item, font: 'Pecita', fontSize: 24 }, { ...item, font: 'Poppins', fontSize: 10 }, { ...item, font: 'Poppins', fontSize: 8 }])).toEqual([
      'Item 1: Letters too small for Pecita: 12 mm, where Pecita is cut from 24 to 48 mm. Pick a size in that range.',
      'Item 3: Letters too small for Poppins: 4 mm, where Poppins is cut from 5 to 48 mm. Pick a size in that range.',
    ]);
    expect(cartItemSchema.parse({ ...item, font: 'Pecita' }).fontSize).toBe(48);
    expect(cartItemSchema.parse({ ...item, font: 'Inter' }).fontSize).toBe(24);
  });

  it('takes catalogue values in any case and gives them the catalogue’s spelling', () => {
    const parsed = cartItemSchema.parse({ ...item, color: 'hot pink', font: 'inter', caseType: 'classic', productType: 'phone-case', variant: 'iPhone 14' });
    expect(parsed).toMatchObject({ color: 'Hot Pink', font: 'Inter', caseType: 'CLASSIC' });
  });

  it('keeps the text composed (NFC) and counts a letter with its mark once, in the cart as in the text check', () => {
    const decomposed = 'Rénée '.repeat(3) + 'xo';
    expect([...decomposed].length).toBe(26);
    expect(cartItemSchema.parse({ ...item, text: decomposed }).text).toBe('R\u00e9n\u00e9e '.repeat(3) + 'xo');
    expect(checkCustomText(decomposed)).toEqual({ valid: true, message: 'Text is valid' });
    expect(validateCart([{ ...item, text: decomposed + 'x' }])).toEqual(['Item 1: Text exceeds 20 character limit']);
  });
});

describe('text check and colours', () => {
  it('answers like POST /products/validate-text', () => {
    expect(checkCustomText('Bombshell')).toEqual({ valid: true, message: 'Text is valid' });
    expect(checkCustomText('x'.repeat(21))).toEqual({ valid: false, message: 'Text too long' });
    expect(checkCustomText('')).toEqual({ valid: false, message: 'Custom text is required' });
    expect(checkCustomText('a\u202Eb')).toEqual({ valid: false, message: 'Text contains characters that are not allowed' });
    expect(checkCustomText('Hi 😀', 'Inter')).toEqual({ valid: false, message: 'Text contains characters that cannot be printed: 😀' });
  });

  it('gives unknown colour names grey', () => {
    expect(colorHex('Hot Pink')).toBe('#FF1493');
    expect(colorHex('hot pink')).toBe('#FF1493');
    expect(colorHex('Mauve')).toBe(UNKNOWN_COLOR_HEX);
  });
});
