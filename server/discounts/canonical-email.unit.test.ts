import { expect, it } from 'vitest';
import { canonicalEmail } from './canonical-email';

it('reads one Gmail customer however the address is written', () => {
  const forms = ['jane.doe@gmail.com', 'janedoe+2@gmail.com', 'Jane.Doe+shop@GMail.com', 'j.a.n.e.d.o.e@googlemail.com', ' janedoe@gmail.com '];
  expect(new Set(forms.map(canonicalEmail))).toEqual(new Set(['janedoe@gmail.com']));
});

it('drops a +tag everywhere but keeps dots where they make another mailbox', () => {
  expect(canonicalEmail('Maya.Jama+promo@Example.com')).toBe('maya.jama@example.com');
  expect(canonicalEmail('maya.jama@example.com')).not.toBe(canonicalEmail('mayajama@example.com'));
  expect(canonicalEmail('+only@example.com')).toBe('+only@example.com');
});
