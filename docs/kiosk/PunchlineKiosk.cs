// Punchline VR: reference kiosk for a VRChat world (UdonSharp).
//
// NOT COMPILED HERE. Written against VRChat's documented Udon API (VRCStringDownloader,
// VRCUrlInputField, VRCJson); nobody can run VRChat on the project's machines. The server side
// it talks to is tested against a simulator with the same limits (docs/kiosk.md).
//
// Set up in the inspector:
// - codeField: a VRCUrlInputField whose text is preset to "https://SITE/k/" (a world cannot build
//   URLs at run time, so the fan completes this one).
// - sitePrefix: the same "https://SITE/k/", to check the fan did not replace the address.
// - panel, button: the wrist panel's text and the Redeem button.

using UdonSharp;
using UnityEngine;
using UnityEngine.UI;
using VRC.SDK3.Components;
using VRC.SDK3.Data;
using VRC.SDK3.StringLoading;
using VRC.SDKBase;
using VRC.Udon.Common.Interfaces;

[UdonBehaviourSyncMode(BehaviourSyncMode.None)]
public class PunchlineKiosk : UdonSharpBehaviour
{
    public VRCUrlInputField codeField;
    public string sitePrefix = "https://SITE/k/";
    public Text panel;
    public Button button;
    /// <summary>Told what to grant: the stage effects, the boost counter, the donor wall.</summary>
    public UdonBehaviour grantTarget;

    // VRChat allows one string download per 5 s per client; 6 s keeps a second press from
    // queueing behind the first (queued downloads run in random order).
    private const float Cooldown = 6f;
    private float _readyAt;
    private bool _pending;

    // Codes this client already granted, so a "yours" repeat grants only what never arrived.
    private DataList _granted = new DataList();

    public void Redeem()
    {
        if (_pending || Time.time < _readyAt) return;
        VRCUrl url = codeField.GetUrl();
        string typed = url == null ? "" : url.Get();
        if (!typed.StartsWith(sitePrefix) || typed.Length <= sitePrefix.Length)
        {
            panel.text = "Type your code after " + sitePrefix;
            return;
        }
        _pending = true;
        _readyAt = Time.time + Cooldown;
        button.interactable = false;
        SendCustomEventDelayedSeconds(nameof(EnableButton), Cooldown);
        panel.text = "Redeeming...";
        VRCStringDownloader.LoadUrl(url, (IUdonEventReceiver)this);
    }

    /// <summary>The live feed pauses its poll while this is true.</summary>
    public bool IsPending()
    {
        return _pending;
    }

    public void EnableButton()
    {
        button.interactable = true;
    }

    public override void OnStringLoadSuccess(IVRCStringDownload result)
    {
        _pending = false;
        if (!VRCJson.TryDeserializeFromJson(result.Result, out DataToken json)
            || json.TokenType != TokenType.DataDictionary)
        {
            panel.text = "The kiosk could not read the answer. Try again in a moment.";
            return;
        }
        DataDictionary answer = json.DataDictionary;
        string status = answer["status"].String;
        panel.text = answer["message"].String;

        bool grants = status == "redeemed"
            || (status == "already_redeemed" && answer["yours"].Boolean);
        // The code as typed, without the anonymous 0, identifies what this client granted.
        string key = result.Url.Get().Substring(sitePrefix.Length).ToUpper().Replace("-", "").Replace(" ", "").Replace("%20", "");
        if (key.EndsWith("0")) key = key.Substring(0, key.Length - 1);
        if (!grants || _granted.Contains(key)) return;
        _granted.Add(key);

        // Numbers arrive as doubles.
        int boosts = (int)answer["boosts"].Double;
        grantTarget.SetProgramVariable("boosts", boosts);
        grantTarget.SetProgramVariable("perks", answer["perks"].String);
        grantTarget.SetProgramVariable("anonymous", answer["anonymous"].Boolean);
        grantTarget.SetProgramVariable("product", answer["product"].String);
        grantTarget.SendCustomEvent("Grant");
    }

    public override void OnStringLoadError(IVRCStringDownload result)
    {
        // The kiosk URLs answer 200 whatever the outcome: an error here is the network, an
        // untrusted-URL refusal (code 0) or a fault on the site.
        _pending = false;
        panel.text = result.ErrorCode == 0
            ? "Enable Allow Untrusted URLs in Settings, Comfort & Safety, then try again."
            : "The kiosk is not reachable right now. Try again in a minute.";
    }
}
