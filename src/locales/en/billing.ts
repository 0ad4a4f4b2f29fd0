// Issue 29: halls as partners, plans, payments and GST invoices.
export const billing = {
  plans: { smart_track: 'Smart Track', partner_track: 'Partner Track', override: 'Override by the service', free_first: 'Free first event', none: 'No plan' },
  price: { smart_track: '₹999 per event', partner_track: '₹1,500 per month' },
  subscription: {
    none: 'No Partner Track yet', created: 'Waiting for payment', authenticated: 'Mandate approved, first charge due', active: 'Active', pending: 'Payment retrying — still active',
    halted: 'Stopped: payments failed', cancelled: 'Cancelled', completed: 'Completed', expired: 'Expired', paused: 'Paused',
  },
  codes: {
    not_entitled: 'This event has no plan yet. Pay Smart Track (₹999) for it, or the hall’s Partner Track, to open it.',
    gateway_error: 'The payment gateway did not answer. Try again in a minute.',
    conflict: 'Already paid or already active.',
  },
  org: {
    choose: 'Hall or venue', none: 'You do not administer a hall yet. The service admin adds halls and their admins.', details: 'Details',
    nameTa: 'Name in Tamil', nameEn: 'Name in English', gstin: 'GSTIN', address: 'Address', stateCode: 'State code (Tamil Nadu: 33)', brandColour: 'Brand colour',
    receiptFooter: 'Receipt footer', save: 'Save', saved: 'Saved', create: 'Add a hall', created: 'Hall added',
    staff: 'Staff pool', staffIntro: 'Counter staff of this hall can be put on any counter of its events.', admins: 'Admins', addStaff: 'Add to the pool', pickStaff: 'Counter staff account',
    remove: 'Remove', noStaff: 'No staff in the pool yet.', events: 'Events', noEvents: 'No events yet.', newEvent: 'New event of this hall', eventTitle: 'Event title', eventDate: 'Date', createEvent: 'Create event',
  },
  logo: {
    title: 'Logo', intro: 'Shown on the receipts of the hall’s events and on the moi book’s cover. PNG, JPEG or WebP, at most {{kb}} kB.',
    file: 'Logo image', choose: 'Choose an image', upload: 'Upload logo', remove: 'Remove logo', none: 'No logo yet.', alt: 'Logo of {{name}}',
    saved: 'Logo saved', removed: 'Logo removed', tooLarge: 'The image is larger than {{kb}} kB', badType: 'Choose a PNG, JPEG or WebP image',
  },
  refund: {
    column: 'Refund', button: 'Refund', confirm: 'Refund {{amount}}', cancel: 'Cancel',
    done: 'Refunded {{amount}} of {{id}}; a credit note was issued.', pending: 'Razorpay is processing the refund of {{amount}} ({{id}}); the credit note follows when it is done.',
    conflict: 'This payment cannot be refunded (already refunded in full, or not captured).',
  },
  plan: {
    counterWarning: 'This event has no plan yet, so its counters cannot open. Gifts already keyed are kept.', goToPlan: 'Plan and payment',
    title: 'Plan', entitled: 'This event may open counters', notEntitled: 'This event cannot open counters until a plan is paid', through: 'Counters may open until the end of {{date}} even if the plan lapses',
    paySmart: 'Pay Smart Track — ₹999', payPartner: 'Pay Partner Track — ₹1,500 a month', payOpened: 'The payment page opened in a new tab. This page updates once Razorpay confirms the payment.',
    openPay: 'Open the payment page', notSetUp: 'Payments are not set up on this server; ask the service admin.', refresh: 'Refresh', partnerOf: 'Covered by the hall’s Partner Track',
    override: 'Override (service admin)', overrideReason: 'Reason for the override', overrideSave: 'Allow without payment', overrideRemove: 'Remove override',
  },
  invoices: { title: 'Invoices', none: 'No invoices yet.', serial: 'Number', date: 'Date', amount: 'Amount', buyer: 'Billed to', download: 'Download', en: 'English PDF', ta: 'Tamil PDF', credit: 'Credit note' },
  statement: { title: 'Monthly statement', month: 'Month', events: 'Events', gifts: 'Gifts', amount: 'Moi received', messages: 'Messages sent', none: 'No events yet.' },
  provider: {
    orgs: 'Halls and venues', payments: 'Payments', overrides: 'Overrides', revenue: 'Revenue by month', invoices: 'Invoices', enforced: 'Plans are checked when events and counters open.',
    notEnforced: 'Plans are not checked on this server (PLANS_ENFORCED).', plan: 'Plan', status: 'Status', amount: 'Amount', refunded: 'Refunded', reason: 'Reason', event: 'Event',
    month: 'Month', total: 'Total (with GST)', taxable: 'Taxable value', count: 'Invoices', none: 'Nothing yet.',
  },
} as const;
