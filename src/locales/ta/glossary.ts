import type { Catalogue } from '../types';

export const glossary: Catalogue['glossary'] = {
  functionType: {
    wedding: 'திருமணம்',
    ear_piercing: 'காதணி விழா',
    puberty: 'மஞ்சள் நீராட்டு விழா',
    housewarming: 'புதுமனை புகுவிழா',
    engagement: 'நிச்சயதார்த்தம்',
    funeral: 'இறுதிச் சடங்கு',
    other: 'மற்றவை',
  },
  paymentMode: {
    cash: 'ரொக்கம்',
    upi: 'யுபிஐ',
    cheque: 'காசோலை',
    item: 'பொருள்',
  },
};
