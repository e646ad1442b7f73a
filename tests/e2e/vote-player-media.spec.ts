import { expect, test } from '@playwright/test';
import { closeOtherContextsAfterEach } from './contexts';
import { loginCreator, useToken } from './respond-support';
import { publishVote, SHOTS, voterPage } from './vote-page-support';

closeOtherContextsAfterEach();

/** The smallest file an mp4 reader accepts as one: a `ftyp` box (isom, compatible isom and mp42) and an empty `mdat`. */
function minimalMp4(): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isommp42')]);
  const mdat = Buffer.concat([Buffer.from([0, 0, 0, 8]), Buffer.from('mdat')]);
  return Buffer.concat([ftyp, mdat]);
}

/** One second of a 440 Hz tone, 8 kHz mono 16-bit PCM: a WAV any browser plays. */
function toneWav(): Buffer {
  const rate = 8_000;
  const samples = Buffer.alloc(rate * 2);
  for (let i = 0; i < rate; i++) samples.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8_000), i * 2);
  const head = Buffer.alloc(44);
  head.write('RIFF', 0);
  head.writeUInt32LE(36 + samples.length, 4);
  head.write('WAVEfmt ', 8);
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate * 2, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36);
  head.writeUInt32LE(samples.length, 40);
  return Buffer.concat([head, samples]);
}

test("a player's video and audio uploaded in the player dialog play for a voter on the voting page", async ({ page, browser, request, baseURL }) => {
  const token = await loginCreator(request);
  const voteId = await publishVote(request, token, { title: '校园十佳歌手', names: ['林小雨', '周杰'] });
  await useToken(page, token, baseURL!);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/voting/add.html?voteId=${voteId}`);
  await page.getByRole('button', { name: /选手管理/ }).click();
  await page.getByRole('group', { name: '林小雨 的操作' }).getByRole('button', { name: '编辑' }).click();
  const dialog = page.getByRole('dialog');
  const video = dialog.getByRole('group', { name: '选手视频' });
  const audio = dialog.getByRole('group', { name: '选手音频' });

  // A text file named .mp4 is refused by its content, said beside the button.
  await video.getByLabel('上传选手视频文件').setInputFiles({ name: '参赛视频.mp4', mimeType: 'video/mp4', buffer: Buffer.from('不是视频\n'.repeat(30)) });
  await expect(video.getByRole('alert')).toHaveText(/^文件内容不是有效的视频（mp4）/);
  await page.screenshot({ path: `${SHOTS}/player-dialog-refused-1280.png` });
  await video.getByLabel('上传选手视频文件').setInputFiles({ name: '参赛视频.mp4', mimeType: 'video/mp4', buffer: minimalMp4() });
  await expect(video.getByText('参赛视频.mp4')).toBeVisible();
  await expect(video.getByLabel('视频预览')).toHaveAttribute('src', /^\/uploads\/m[\w-]+\.mp4$/);
  await audio.getByLabel('上传选手音频文件').setInputFiles({ name: '参赛歌曲.wav', mimeType: 'audio/wav', buffer: toneWav() });
  await expect(audio.getByText('参赛歌曲.wav')).toBeVisible();
  // The creator (the uploader) plays the private file in the dialog.
  await expect.poll(() => audio.getByLabel('音频预览').evaluate((el: HTMLAudioElement) => el.readyState)).toBeGreaterThanOrEqual(1);
  await page.screenshot({ path: `${SHOTS}/player-dialog-media-1280.png` });
  const plain = await audio.getByLabel('音频预览').getAttribute('src');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('选手已保存')).toBeVisible();

  // A voter (no login) opens the player: the video and the audio are there, by signed addresses that open.
  const voter = await voterPage(browser);
  await voter.goto(`/v/${voteId}`);
  await voter.getByRole('button', { name: '查看 1号 林小雨 的详情' }).click();
  const played = voter.getByLabel('选手音频');
  await expect(played).toHaveAttribute('src', new RegExp(`^${plain}\\?t=`));
  await played.evaluate((el: HTMLAudioElement) => {
    el.preload = 'metadata';
    el.load();
  });
  await expect.poll(() => played.evaluate((el: HTMLAudioElement) => Math.round(el.duration))).toBe(1);
  const videoSrc = (await voter.getByLabel('选手视频').getAttribute('src'))!;
  expect(videoSrc).toMatch(/^\/uploads\/m[\w-]+\.mp4\?t=/);
  const fetched = await voter.evaluate(async (src) => {
    const response = await fetch(src, { headers: { range: 'bytes=0-7' } });
    return { status: response.status, type: response.headers.get('content-type') };
  }, videoSrc);
  expect(fetched).toEqual({ status: 206, type: 'video/mp4' });
  // The plain address stays private.
  expect(await voter.evaluate(async (src) => (await fetch(src)).status, plain!)).toBe(401);
  await voter.screenshot({ path: `${SHOTS}/phone-player-media.png` });
});
