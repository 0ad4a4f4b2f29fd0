// Money is whole rupees shown with Indian grouping (₹1,00,000); dates stored in UTC, shown locally.
const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const grouped = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

export const formatRupees = (amount: number): string => inr.format(amount);
export const formatNumber = (n: number): string => grouped.format(n);
