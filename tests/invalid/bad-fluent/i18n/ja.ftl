link-untranslated = （英語）
figure-vendor-label = メーカー値
figure-computed = 計算値
figure-vendor-source = 出典
discussion-show = 議論を表示
peak-rate = 最大
