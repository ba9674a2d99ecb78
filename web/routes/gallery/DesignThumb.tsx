import { useId } from 'react';
import { colorHex, productTypeOfVariant } from '../../../shared/catalog';
import { fontStack } from '../../catalog/fonts';

/** A small drawn mockup of a gallery design (no external images): outline plus vertical text. */
export function DesignThumb({ device, text, color, font }: { device: string; text: string; color: string; font: string }) {
  const type = productTypeOfVariant(device)?.id ?? 'phone-case';
  const { family, weight } = fontStack(font);
  const sky = useId();
  // Shrink long lines so they stay on the product (about 0.56 em per character).
  const room = type === 'champagne-glass' ? 90 : 140;
  const size = Math.min(type === 'champagne-glass' ? 13 : 16, room / (Math.max(text.length, 1) * 0.56));
  return (
    <svg className="thumb" viewBox="0 0 200 200" aria-hidden="true" focusable="false">
      <rect width="200" height="200" fill={`url(#${sky})`} />
      <defs>
        <linearGradient id={sky} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#FFE3EF" />
          <stop offset="1" stopColor="#FFC9A8" />
        </linearGradient>
      </defs>
      {type === 'phone-case' && (
        <>
          <rect x="62" y="12" width="76" height="176" rx="16" fill="#fff" stroke="#E9C9D8" strokeWidth="2" />
          <rect x="68" y="18" width="34" height="34" rx="9" fill="rgba(60,40,60,.12)" />
          <circle cx="78" cy="28" r="6" fill="#2B2B35" />
          <circle cx="78" cy="43" r="6" fill="#2B2B35" />
          <circle cx="92" cy="35" r="6" fill="#2B2B35" />
        </>
      )}
      {type === 'water-bottle' && (
        <>
          <rect x="78" y="8" width="44" height="24" rx="6" fill="#FF1493" />
          <rect x="84" y="30" width="32" height="14" rx="4" fill="#E3E8F0" />
          <rect x="64" y="42" width="72" height="150" rx="24" fill="#F7F8FB" stroke="#D8DEE8" strokeWidth="2" />
        </>
      )}
      {type === 'champagne-glass' && (
        <>
          <path d="M76 10 C74 70 84 110 96 126 L104 126 C116 110 126 70 124 10 Z" fill="#FFE39A" stroke="#C9AFC0" strokeWidth="2" />
          <rect x="98" y="126" width="4" height="54" fill="#EEE" stroke="#C9AFC0" />
          <ellipse cx="100" cy="184" rx="34" ry="7" fill="#fff" stroke="#C9AFC0" strokeWidth="2" />
        </>
      )}
      <text
        x="0"
        y="0"
        transform={`translate(${type === 'champagne-glass' ? 100 : 104} ${type === 'champagne-glass' ? 68 : 112}) rotate(90)`}
        textAnchor="middle"
        dominantBaseline="middle"
        fill={colorHex(color)}
        style={{ fontFamily: family, fontWeight: weight, fontSize: size }}
      >
        {text}
      </text>
    </svg>
  );
}
