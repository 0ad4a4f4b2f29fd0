// The words of the tablet install page (server/venue-tls/install-page.ts), in English and Tamil.
// Served by the server before any app code runs (server/ never imports src/), so they live here; the
// Tamil catalogue must have every key the English one has (the type says so). Android's menu names
// are given in Tamil with the English name a tablet set to English shows, in brackets.

const en = {
  htmlTitle: 'Moi — set up a tablet',
  brand: 'Moi',
  switchTo: 'தமிழ்',
  switchLabel: 'தமிழில் காட்டு (show in Tamil)',
  title: 'Set up this tablet for Moi',
  lead: 'Moi keeps working without Wi-Fi only over a secure (HTTPS) connection. This laptop made its own security certificate: install it once on each tablet. It takes about two minutes.',
  step: 'Step',
  step1Title: 'Download the certificate',
  step1Body: 'Tap the button. The file {file} is saved in Downloads. If the tablet says that CA certificates must be installed from Settings, that is expected: go on to step 2.',
  download: 'Download the certificate',
  step2Title: 'Install it as a CA certificate',
  step2Lead: 'Open:',
  path: ['Settings', 'Security', 'Encryption & credentials', 'Install a certificate', 'CA certificate'],
  step2Body: 'Tap “Install anyway”, unlock the tablet, and choose {file} from Downloads.',
  samsung: 'Samsung tablets: Settings → Security and privacy → More security settings → Install from device storage → CA certificate.',
  screenLock: 'Android asks for a screen lock (PIN, pattern or password) before it installs a certificate; set one first if the tablet has none.',
  step3Title: 'Check the fingerprint',
  step3Body: 'In Settings → Security → Encryption & credentials → Trusted credentials → User, open the certificate named below. Its SHA-256 fingerprint must read exactly as here.',
  nameLabel: 'Certificate name',
  fingerprintLabel: 'SHA-256 fingerprint',
  mismatch: 'If it differs, remove that certificate and tell the person who runs the laptop: another device on this network may be pretending to be it.',
  step4Title: 'Open Moi',
  step4Body: 'Open the app over HTTPS and sign in. To keep it on the tablet, use “Install app” (or Add to Home screen). It then keeps working when the Wi-Fi drops.',
  open: 'Open Moi (HTTPS)',
  already: 'Already done on this tablet? Open Moi directly:',
  validUntil: 'The certificate is valid until {date}. Install it again only if the laptop’s Moi data folder is replaced.',
  safety: 'It is valid only for local network addresses (such as 192.168.x.x) and names ending in .local, so it cannot be used to imitate any Internet site.',
};

export type InstallStrings = typeof en;

const ta: InstallStrings = {
  htmlTitle: 'மொய் — டேப்லெட்டைத் தயார் செய்தல்',
  brand: 'மொய்',
  switchTo: 'English',
  switchLabel: 'Show in English (ஆங்கிலத்தில் காட்டு)',
  title: 'இந்த டேப்லெட்டை மொய்-க்குத் தயார் செய்யுங்கள்',
  lead: 'பாதுகாப்பான (HTTPS) இணைப்பில் மட்டுமே மொய் Wi-Fi இல்லாமலும் இயங்கும். இந்த லேப்டாப் தனக்கென ஒரு பாதுகாப்புச் சான்றிதழை உருவாக்கியுள்ளது: ஒவ்வொரு டேப்லெட்டிலும் அதை ஒருமுறை நிறுவுங்கள். சுமார் இரண்டு நிமிடங்கள் ஆகும்.',
  step: 'படி',
  step1Title: 'சான்றிதழைப் பதிவிறக்குங்கள்',
  step1Body: 'பொத்தானைத் தட்டுங்கள். {file} என்ற கோப்பு Downloads-இல் சேமிக்கப்படும். CA சான்றிதழ்களை அமைப்புகளில்தான் நிறுவ வேண்டும் என்று டேப்லெட் சொன்னால், அது எதிர்பார்த்ததே: படி 2-க்குச் செல்லுங்கள்.',
  download: 'சான்றிதழைப் பதிவிறக்கு',
  step2Title: 'அதை CA சான்றிதழாக நிறுவுங்கள்',
  step2Lead: 'திறக்கவும்:',
  path: ['அமைப்புகள் (Settings)', 'பாதுகாப்பு (Security)', 'என்க்ரிப்ஷன் & சான்றுகள் (Encryption & credentials)', 'சான்றிதழை நிறுவு (Install a certificate)', 'CA சான்றிதழ் (CA certificate)'],
  step2Body: '“எப்படியும் நிறுவு” (Install anyway) என்பதைத் தட்டி, டேப்லெட்டின் பூட்டைத் திறந்து, Downloads-இலிருந்து {file} கோப்பைத் தேர்ந்தெடுங்கள்.',
  samsung: 'Samsung டேப்லெட்டுகளில்: அமைப்புகள் (Settings) → பாதுகாப்பும் தனியுரிமையும் (Security and privacy) → மேலும் பாதுகாப்பு அமைப்புகள் (More security settings) → சாதனச் சேமிப்பகத்திலிருந்து நிறுவு (Install from device storage) → CA சான்றிதழ் (CA certificate).',
  screenLock: 'சான்றிதழை நிறுவும் முன் Android திரைப் பூட்டைக் (PIN, பேட்டர்ன் அல்லது கடவுச்சொல்) கேட்கும்; டேப்லெட்டில் பூட்டு இல்லையெனில் முதலில் ஒன்றை அமையுங்கள்.',
  step3Title: 'கைரேகையைச் சரிபாருங்கள்',
  step3Body: 'அமைப்புகள் → பாதுகாப்பு → என்க்ரிப்ஷன் & சான்றுகள் → நம்பகமான சான்றுகள் (Trusted credentials) → பயனர் (User) என்பதில், கீழே உள்ள பெயருடைய சான்றிதழைத் திறவுங்கள். அதன் SHA-256 கைரேகை (fingerprint) இங்கே உள்ளபடியே இருக்க வேண்டும்.',
  nameLabel: 'சான்றிதழின் பெயர்',
  fingerprintLabel: 'SHA-256 கைரேகை (fingerprint)',
  mismatch: 'வேறுபட்டால், அந்தச் சான்றிதழை நீக்கிவிட்டு லேப்டாப்பை இயக்குபவரிடம் சொல்லுங்கள்: இந்த நெட்வொர்க்கில் வேறொரு சாதனம் அதுபோல் நடிக்கக்கூடும்.',
  step4Title: 'மொய்-ஐத் திறவுங்கள்',
  step4Body: 'செயலியை HTTPS வழியாகத் திறந்து உள்நுழையுங்கள். டேப்லெட்டில் வைத்துக்கொள்ள “செயலியை நிறுவு” (அல்லது Add to Home screen) பயன்படுத்துங்கள். பின்னர் Wi-Fi துண்டிக்கப்பட்டாலும் அது இயங்கும்.',
  open: 'மொய்-ஐத் திற (HTTPS)',
  already: 'இந்த டேப்லெட்டில் ஏற்கனவே செய்துவிட்டீர்களா? நேரடியாக மொய்-ஐத் திறவுங்கள்:',
  validUntil: 'இந்தச் சான்றிதழ் {date} வரை செல்லுபடியாகும். லேப்டாப்பின் மொய் தரவுக் கோப்புறை மாற்றப்பட்டால் மட்டுமே மீண்டும் நிறுவுங்கள்.',
  safety: 'இது உள்ளூர் நெட்வொர்க் முகவரிகளுக்கும் (192.168.x.x போன்றவை) .local என முடியும் பெயர்களுக்கும் மட்டுமே செல்லுபடியாகும்; எந்த இணையதளத்தையும் போலியாகக் காட்ட இதைப் பயன்படுத்த முடியாது.',
};

export type InstallLanguage = 'en' | 'ta';
export const installStrings: Record<InstallLanguage, InstallStrings> = { en, ta };
