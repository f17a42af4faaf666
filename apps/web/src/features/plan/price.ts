/**
 * A plan's price as each language writes it: Korean writes won as "9,900원", as Korean services show prices
 * ("₩9,900", what Intl gives, reads as a foreign listing); other languages and currencies as Intl writes them.
 */
export function formatPrice(amount: number, currency: string, lang: string): string {
  if (currency === 'KRW' && lang.startsWith('ko')) return `${new Intl.NumberFormat('ko-KR').format(amount)}원`;
  return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(amount);
}
