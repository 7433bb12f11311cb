// Punchline VR: reference kiosk for a VRChat world (UdonSharp).
//
// NOT COMPILED HERE. Written against VRChat's documented Udon API (VRCStringDownloader,
// VRCUrlInputField, VRCJson, PlayerData); nobody can run VRChat on the project's machines. The
// server side it talks to is tested against a simulator that follows this script's rules
// (test/support/kiosk-simulator.ts, KioskWorld). Set-up: docs/kiosk.md, "Building the kiosk".
//
// Inspector:
// - codeField: a VRCUrlInputField whose text is preset to "https://SITE/k/" (a world cannot
//   build URLs at run time, so the fan completes this one).
// - sitePrefix: the same "https://SITE/k/", to check the fan did not replace the address.
// - panel, button: the kiosk's text and its Redeem button (OnClick: this UdonBehaviour,
//   SendCustomEvent, "_Redeem").
// - grantTarget: the world's own behaviour that grants (stage effects, perks). It must have the
//   variables boosts (int), perks (string), anonymous (bool), product (string) and redemption
//   (string), and a public method _Grant().

using UdonSharp;
using UnityEngine;
using UnityEngine.UI;
using VRC.SDK3.Components;
using VRC.SDK3.Data;
using VRC.SDK3.Persistence;
using VRC.SDK3.StringLoading;
using VRC.SDKBase;
using VRC.Udon;
using VRC.Udon.Common.Interfaces;

[UdonBehaviourSyncMode(BehaviourSyncMode.None)]
public class PunchlineKiosk : UdonSharpBehaviour
{
    public VRCUrlInputField codeField;
    public string sitePrefix = "https://SITE/k/";
    public Text panel;
    public Button button;
    public UdonBehaviour grantTarget;

    // VRChat allows one string download per 5 s per client; 6 s keeps a second press from
    // queueing behind the first (queued downloads run in random order).
    private const float Cooldown = 6f;
    // PlayerData key of the redemption ids this player was granted, space-separated. PlayerData
    // follows the player across visits and instances, so a rejoin never grants an id twice.
    private const string GrantedKey = "punchline.granted";
    // 13 bytes each: 500 ids are 6.5 KB of the 100 KB VRChat keeps per player and world.
    private const int MaxRemembered = 500;
    private const string Unreadable = "The kiosk could not read the answer. Try again in a moment.";

    private bool _pending;
    private bool _coolingDown;
    private bool _restored;
    private DataList _granted = new DataList();

    public override void OnPlayerRestored(VRCPlayerApi player)
    {
        // PlayerData is safe to read only after this, for the local player.
        if (!player.isLocal) return;
        if (PlayerData.TryGetString(player, GrantedKey, out string saved))
        {
            string[] ids = saved.Split(' ');
            for (int i = 0; i < ids.Length; i++)
            {
                if (ids[i] != "") _granted.Add(ids[i]);
            }
        }
        _restored = true;
    }

    // Underscore-prefixed events cannot be called over the network: no other client in the
    // instance can press this kiosk's button for the fan.
    public void _Redeem()
    {
        if (_pending || _coolingDown) return;
        if (!_restored)
        {
            panel.text = "The kiosk is getting ready. Try again in a moment.";
            return;
        }
        VRCUrl url = codeField.GetUrl();
        string typed = url == null ? "" : url.Get();
        if (!typed.StartsWith(sitePrefix) || typed.Length <= sitePrefix.Length)
        {
            panel.text = "Type your code after " + sitePrefix;
            return;
        }
        _pending = true;
        _coolingDown = true;
        UpdateButton();
        SendCustomEventDelayedSeconds(nameof(_CooldownOver), Cooldown);
        panel.text = "Redeeming...";
        VRCStringDownloader.LoadUrl(url, (IUdonEventReceiver)this);
    }

    /// <summary>The live feed pauses its poll while this is true.</summary>
    public bool _IsPending()
    {
        return _pending;
    }

    public void _CooldownOver()
    {
        _coolingDown = false;
        UpdateButton();
    }

    // The button comes back only when the cooldown is over and no answer is awaited.
    private void UpdateButton()
    {
        button.interactable = !_pending && !_coolingDown;
    }

    public override void OnStringLoadSuccess(IVRCStringDownload result)
    {
        _pending = false;
        UpdateButton();
        if (!VRCJson.TryDeserializeFromJson(result.Result, out DataToken json)
            || json.TokenType != TokenType.DataDictionary)
        {
            panel.text = Unreadable;
            return;
        }
        DataDictionary answer = json.DataDictionary;
        // TryGetValue with a type: a missing or mistyped field is a fallback, never a halt.
        panel.text = ReadString(answer, "message", Unreadable);
        string status = ReadString(answer, "status", "");
        string redemption = ReadString(answer, "redemption", "");
        bool grants = status == "redeemed" || (status == "already_redeemed" && ReadBool(answer, "yours"));
        // One grant per redemption id, however the code was spelled and however often it was
        // sent: a repeat (the first answer was lost) carries the same id.
        if (!grants || redemption == "" || _granted.Contains(redemption)) return;
        if (!answer.TryGetValue("boosts", TokenType.Double, out DataToken boosts)) return;

        // Grant first, record after: an answer that cannot be granted leaves nothing marked.
        grantTarget.SetProgramVariable("boosts", (int)boosts.Double);
        grantTarget.SetProgramVariable("perks", ReadString(answer, "perks", ""));
        grantTarget.SetProgramVariable("anonymous", ReadBool(answer, "anonymous"));
        grantTarget.SetProgramVariable("product", ReadString(answer, "product", ""));
        grantTarget.SetProgramVariable("redemption", redemption);
        grantTarget.SendCustomEvent("_Grant");
        Remember(redemption);
    }

    public override void OnStringLoadError(IVRCStringDownload result)
    {
        _pending = false;
        UpdateButton();
        // The kiosk URLs answer 200 whatever the outcome. Code 0 means no HTTP answer at all:
        // untrusted URLs are off for this player, or their network failed (DNS, no connection).
        panel.text = result.ErrorCode == 0
            ? "Could not reach the site. Turn on Allow Untrusted URLs (Settings, Comfort & Safety) and check your connection, then try again."
            : "The kiosk is not reachable right now (error " + result.ErrorCode + "). Try again in a minute.";
    }

    private void Remember(string redemption)
    {
        _granted.Add(redemption);
        while (_granted.Count > MaxRemembered) _granted.RemoveAt(0);
        string saved = "";
        for (int i = 0; i < _granted.Count; i++)
        {
            saved += (i == 0 ? "" : " ") + _granted[i].String;
        }
        PlayerData.SetString(GrantedKey, saved);
    }

    private string ReadString(DataDictionary answer, string key, string fallback)
    {
        return answer.TryGetValue(key, TokenType.String, out DataToken value) ? value.String : fallback;
    }

    private bool ReadBool(DataDictionary answer, string key)
    {
        return answer.TryGetValue(key, TokenType.Boolean, out DataToken value) && value.Boolean;
    }
}
