import { describe, expect, it } from 'vitest';
import { firstErrorByField } from './fields';
import { shippingStepSchema } from './checkout';
import { validateCart } from './cart';
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

describe('text check and colours', () => {
  it('answers like POST /products/validate-text', () => {
    expect(checkCustomText('Bombshell')).toEqual({ valid: true, message: 'Text is valid' });
    expect(checkCustomText('x'.repeat(21))).toEqual({ valid: false, message: 'Text too long' });
    expect(checkCustomText('')).toEqual({ valid: false, message: 'Custom text is required' });
  });

  it('gives unknown colour names grey', () => {
    expect(colorHex('Hot Pink')).toBe('#FF1493');
    expect(colorHex('hot pink')).toBe('#FF1493');
    expect(colorHex('Mauve')).toBe(UNKNOWN_COLOR_HEX);
  });
});
