// One word per concept, used everywhere (issue 16): the kinds of function and the ways moi is paid.
// The keys are the contract's enums (contract/entities.ts functionTypes, paymentModes); the words are
// the shared vocabulary's (vocabulary/moi-vocabulary.json). The moi book's own catalogue
// (report/labels.ts) prints the same words (checked by src/locales/catalogue.test.ts).
export const glossary = {
  functionType: {
    wedding: 'Wedding',
    ear_piercing: 'Ear-piercing ceremony',
    puberty: 'Puberty ceremony',
    housewarming: 'Housewarming',
    engagement: 'Engagement',
    funeral: 'Funeral',
    other: 'Other',
  },
  paymentMode: {
    cash: 'Cash',
    upi: 'UPI',
    cheque: 'Cheque',
    item: 'Item',
  },
};
