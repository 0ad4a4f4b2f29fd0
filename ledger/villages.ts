// The village alias table: short forms and other spellings that name the same place, so
// "கோவை" and "Coimbatore" group together. These are the seeded defaults; a host's own aliases
// (ledger_village_aliases on the server) are added on top with `aliasIndex(extra)`.

/** Each group: spellings of one place (Tamil first). Spellings the phonetic fold already joins need no entry. */
export const defaultVillageAliases: readonly (readonly string[])[] = [
  ['கோயம்புத்தூர்', 'கோவை', 'Coimbatore', 'Kovai', 'Koyampuththur'],
  ['திருநெல்வேலி', 'நெல்லை', 'Tirunelveli', 'Nellai', 'Thirunelveli'],
  ['மதுரை', 'Madurai', 'Madura', 'மதுரா'],
  ['திருச்சிராப்பள்ளி', 'திருச்சி', 'Tiruchirappalli', 'Trichy', 'Tiruchi', 'Thiruchi'],
  ['தூத்துக்குடி', 'Thoothukudi', 'Tuticorin', 'Thoothukkudi'],
  ['சென்னை', 'Chennai', 'Madras', 'மெட்ராஸ்'],
  ['புதுக்கோட்டை', 'Pudukkottai', 'Pudukottai', 'புதுகை', 'Pudugai'],
  ['வத்தலக்குண்டு', 'Batlagundu', 'Vathalagundu', 'Vatthalakundu'],
  ['கம்பம்', 'Cumbum', 'Kambam'],
  ['திண்டுக்கல்', 'Dindigul', 'Dindugal', 'Thindukkal', 'திண்டுக்கள்'],
  ['திருப்பரங்குன்றம்', 'Thiruparankundram', 'Tirupparankundram', 'Thirupparangunram', 'பரங்குன்றம்'],
  ['உசிலம்பட்டி', 'Usilampatti', 'உசிலை', 'Usilai'],
  ['அலங்காநல்லூர்', 'Alanganallur', 'Alanganalloor'],
  ['திருமங்கலம்', 'Thirumangalam', 'Tirumangalam', 'T.Mangalam'],
  ['சோழவந்தான்', 'Sholavandan', 'Cholavandan', 'Solavandan'],
  ['விருதுநகர்', 'Virudhunagar', 'Virudunagar', 'விருதை'],
  ['அருப்புக்கோட்டை', 'Aruppukottai', 'Aruppukkottai', 'அருப்பை'],
  ['சிவகங்கை', 'Sivaganga', 'Sivagangai'],
  ['கன்னியாகுமரி', 'Kanyakumari', 'குமரி', 'Kumari', 'Cape Comorin'],
  ['தஞ்சாவூர்', 'Thanjavur', 'Tanjore', 'தஞ்சை', 'Thanjai'],
  ['கும்பகோணம்', 'Kumbakonam', 'குடந்தை', 'Kudanthai'],
  ['ராமநாதபுரம்', 'Ramanathapuram', 'Ramnad', 'முகவை', 'இராமநாதபுரம்'],
  ['திருவண்ணாமலை', 'Tiruvannamalai', 'Thiruvannamalai', 'அண்ணாமலை'],
  ['பாண்டிச்சேரி', 'Pondicherry', 'புதுச்சேரி', 'Puducherry', 'Pondy', 'புதுவை'],
  ['சேலம்', 'Salem'],
  ['ஈரோடு', 'Erode'],
  ['நாகர்கோவில்', 'Nagercoil', 'Nagarkovil'],
  ['பெரியகுளம்', 'Periyakulam', 'Periakulam'],
  ['ஒத்தக்கடை', 'Othakadai', 'Othakkadai', 'Ottakadai'],
  ['செக்கானூரணி', 'Checkanurani', 'Chekkanurani', 'Sekkanurani'],
];
