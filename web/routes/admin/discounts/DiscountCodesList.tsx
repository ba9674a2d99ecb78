import type { DiscountCodeView } from '../../../../shared/api/answers';
import { describeDates, describeDiscount, describeUses, discountState } from './discount-codes';

interface ListProps {
  codes: readonly DiscountCodeView[];
  busyCode: string | null;
  online: boolean;
  onToggle(code: DiscountCodeView): void;
}

/** One row per code: a table on the tablet, a card per code on a phone (discount-codes.css). */
export function DiscountCodesList({ codes, busyCode, online, onToggle }: ListProps) {
  const now = Date.now();
  return (
    <table className="admin-card discount-table">
      <caption className="sr-only">Discount codes</caption>
      <thead>
        <tr>
          <th scope="col">Code</th>
          <th scope="col">Discount</th>
          <th scope="col">Uses</th>
          <th scope="col">Dates</th>
          <th scope="col">State</th>
          <th scope="col"><span className="sr-only">Action</span></th>
        </tr>
      </thead>
      <tbody>
        {codes.map((code) => {
          const state = discountState(code, now);
          const verb = code.active ? 'Deactivate' : 'Activate';
          return (
            <tr key={code.code} className="discount-table__row">
              <th scope="row" className="discount-table__code">{code.code}</th>
              <td data-label="Discount">{describeDiscount(code)}</td>
              <td data-label="Uses">
                {describeUses(code)}
                {code.maxUsesPerCustomer !== null ? <span className="discount-table__sub">{code.maxUsesPerCustomer} per customer</span> : null}
              </td>
              <td data-label="Dates">{describeDates(code)}</td>
              <td data-label="State">
                <span className={`discount-state discount-state--${state.toLowerCase().replace(' ', '-')}`}>{state}</span>
              </td>
              <td className="discount-table__action">
                <button
                  type="button"
                  className={`admin-button admin-button--small${code.active ? ' admin-button--danger' : ''}`}
                  disabled={!online || busyCode === code.code}
                  onClick={() => onToggle(code)}
                >
                  {busyCode === code.code ? 'Saving…' : verb}
                  <span className="sr-only"> {code.code}</span>
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
