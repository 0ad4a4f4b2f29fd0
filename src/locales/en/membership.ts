// Counter membership pages: the two plans and a guest's sign-up request taken at the counter.
export const membership = {
  counter: {
    intro: 'Tell interested guests about our plans. Take their details with the sign-up form; we call them back.',
    signupButton: 'Take a sign-up request',
    recent: 'Sign-up requests taken on this tablet',
    none: 'No sign-up requests yet.',
    pending: 'Waiting to sync',
    synced: 'Sent',
  },
  plan: {
    smart_track: {
      title: 'Smart Track',
      badge: 'INDIVIDUAL',
      price: '₹999',
      period: 'per event',
      features: 'Money counting and tracking via laptop or computer|Unlimited digital counters|Portal access|Real-time SMS and WhatsApp updates|Instant report generation',
    },
    partner_track: {
      title: 'Partner Track',
      badge: 'PARTNER',
      price: '₹1500',
      period: 'per month',
      features: 'All individual features|Multiple event management|Priority support|For wedding halls and venues',
    },
  },
  form: {
    crumb: 'Membership',
    name: 'Name',
    mobile: 'Mobile',
    village: 'Village or town',
    functionType: 'Function',
    expectedDate: 'Expected date (optional)',
    plan: 'Plan of interest',
    submit: 'Save request',
    saved: 'Request saved. It reaches the office when the tablet is online.',
    nameRequired: 'Enter the name',
    mobileInvalid: 'Mobile number must be 10 digits',
    dateInvalid: 'Choose the date from the calendar',
    failed: 'Could not save: {{message}}',
  },
};
