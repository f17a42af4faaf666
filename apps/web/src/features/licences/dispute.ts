import { licensorName, type Lang, type PublicLicence, type SiteInfo } from '@sori/contract';
import { particle } from '../../i18n/grammar';

/**
 * The text a licensee pastes into a copyright dispute (YouTube Content ID and the like), in the reader's
 * language: what the music is, the licence id, where anyone can check it, and who granted it (in English and
 * Japanese by the site's Latin name too, when it has one; else with the brand, Sori, after the legal name).
 */
export function disputeText(licence: PublicLicence, lang: Lang, site?: Pick<SiteInfo, 'companyName' | 'companyNameLatin'> | null): string {
  const track = licence.track.artist ? `${licence.track.artist} – ${licence.track.title}` : licence.track.title;
  const { id, verifyUrl } = licence;
  const licensor = licensorName(licence.licensor.name, lang, site);
  const branded = licensor !== licence.licensor.name;
  switch (lang) {
    case 'ko':
      return `이 영상에 사용된 음악 "${track}"${particle(track, '은/는')} ${licensor}(Sori)에서 정식 라이선스를 받아 사용했습니다. 라이선스 번호: ${id}. 라이선스 확인: ${verifyUrl}`;
    case 'ja':
      return `この動画で使用している楽曲「${track}」は、${branded ? licensor : `${licensor}（Sori）`}から正式にライセンスを取得しています。ライセンス番号: ${id}。ライセンスの確認: ${verifyUrl}`;
    default:
      return `The music in this video, "${track}", is licensed from ${branded ? licensor : `${licensor} (Sori)`}. Licence ID: ${id}. Verify the licence: ${verifyUrl}`;
  }
}
